import type { ExportBody, ExportStatus } from '@wiggle/common/schemas/exports';
import { isoNow } from '../../platform/db/columns';
import { BadRequest, Conflict, NotFound } from '../../platform/errors';
import { requireActiveAlbum } from '../gallery/album-service';
import { createCreditService } from '../shop/credit-service';
import { exportableWiggle } from '../wiggles/export-source-service';
import type { ExportDeps } from './deps';
import { EXPORT_RENDER_JOB, type ExportRenderPayload } from './deps';
import { exportOfOwner, insertExport } from './store';

const WIGGLE_NOT_FOUND = 'Wiggle not found.';

/** The long side the originals allow: the canvas the tune refers to is in the originals' pixels. */
function originalLongSide(canvas: string | null): number | null {
  if (!canvas) return null;
  const { width, height } = JSON.parse(canvas) as { width: number; height: number };
  return Math.max(width, height);
}

/**
 * Accepts an export: checks the wiggle and the album are the member's, that the size fits the originals, spends a
 * frame of a roll of that resolution (402 with SPEC's message when there is none, in this request), records the
 * export and enqueues its render. The gallery wiggle does not exist yet: galleryWiggleId is null here and is
 * read from `GET /api/exports/{id}` once the status is Success.
 */
export async function startExport(deps: ExportDeps, ownerId: number, wiggleId: number, body: ExportBody) {
  const wiggle = await exportableWiggle(deps.db, ownerId, wiggleId);
  if (!wiggle) throw new NotFound(WIGGLE_NOT_FOUND);
  const longSide = originalLongSide(wiggle.canvas);
  if (wiggle.create_status !== 'Success' || longSide === null) {
    throw new Conflict('The wiggle is still being created. Please wait until it is ready.');
  }
  if (body.albumId !== null) await requireActiveAlbum(deps.db, ownerId, body.albumId);
  if (body.size > longSide) {
    const message = `The originals allow an export of at most ${longSide} px.`;
    throw new BadRequest(message, { size: message }, 'validation');
  }
  const credits = createCreditService(deps.db, deps.config);
  const spent = await credits.spendFrame(ownerId, body.size, { entityType: 'export', entityId: wiggleId });
  let row: Awaited<ReturnType<typeof insertExport>>;
  try {
    row = await insertExport(deps.db, {
      owner_id: ownerId,
      wiggle_id: wiggleId,
      album_id: body.albumId,
      size: body.size,
      mode: body.mode,
      orientation: body.orientation,
      padding: body.padding,
      ledger_id: spent.ledgerId,
      purchase_id: spent.purchaseId,
      status: 'InProgress',
      error: null,
      gallery_wiggle_id: null,
      created_at: isoNow(),
    });
    await deps.jobs.enqueue<ExportRenderPayload>(
      EXPORT_RENDER_JOB,
      { exportId: row.id },
      { jobId: `export-${row.id}` },
    );
  } catch (error) {
    await credits.refundFrame(ownerId, spent);
    throw error;
  }
  return { exportId: row.id, galleryWiggleId: null };
}

export async function exportStatus(
  deps: ExportDeps,
  ownerId: number,
  exportId: number,
): Promise<ExportStatus> {
  const row = await exportOfOwner(deps.db, ownerId, exportId);
  if (!row) throw new NotFound('Export not found.');
  return {
    exportId: row.id,
    wiggleId: row.wiggle_id,
    albumId: row.album_id,
    size: row.size,
    mode: row.mode,
    status: row.status,
    galleryWiggleId: row.gallery_wiggle_id,
    error: row.error,
  };
}
