import { DeleteStatus } from '@wiggle/common/enums';
import type { TuneInput } from '@wiggle/common/schemas/render-description';
import { NotFound } from '../../platform/errors';
import { requireActiveAlbum } from '../gallery/album-service';
import { createGalleryWiggle, discardGalleryWiggle, type GalleryFrames } from '../gallery/wiggle-service';
import { createCreditService } from '../shop/credit-service';
import { savedTune, wiggleForExportJob, wiggleOriginals } from '../wiggles/export-source-service';
import { EXPORT_RENDER_JOB, type ExportDeps, type ExportRenderPayload } from './deps';
import { finishExport, loadExportForJob } from './store';
import type { ExportsTable } from './tables';

type ExportRow = Omit<ExportsTable, 'id'> & { id: number };

/** The export's orientation applies to the tune's aspect ratio (a free crop has none to turn). */
function exportTune(tune: TuneInput | undefined, row: ExportRow): TuneInput | undefined {
  if (!tune?.aspectRatio) return tune;
  return {
    ...tune,
    aspectRatio: { ...tune.aspectRatio, orientation: row.orientation as 'landscape' | 'portrait' },
  };
}

/** The member's wiggle while it is still in the library (one in the trash or purged counts as deleted). */
async function liveWiggle(deps: ExportDeps, row: ExportRow) {
  const wiggle = await wiggleForExportJob(deps.db, row.wiggle_id);
  if (!wiggle || wiggle.owner_id !== row.owner_id || wiggle.delete_status !== DeleteStatus.Active)
    return undefined;
  return wiggle;
}

/** Why the export must not deliver (any more), or null while its export, wiggle and album are all still there. */
async function cancelled(deps: ExportDeps, row: ExportRow): Promise<string | null> {
  const current = await loadExportForJob(deps.db, row.id);
  if (current?.status !== 'InProgress') return 'it was ended meanwhile.';
  if (!(await liveWiggle(deps, row))) return 'the wiggle was deleted while it was being exported.';
  if (row.album_id !== null) {
    try {
      await requireActiveAlbum(deps.db, row.owner_id, row.album_id);
    } catch (error) {
      if (error instanceof NotFound) return 'the album was deleted while the wiggle was being exported.';
      throw error;
    }
  }
  return null;
}

/** The export was cancelled by a deletion (or ended elsewhere): nothing was delivered. */
class ExportCancelled extends Error {}

async function requireStillWanted(deps: ExportDeps, row: ExportRow): Promise<void> {
  const reason = await cancelled(deps, row);
  if (reason) throw new ExportCancelled(reason);
}

/**
 * Renders an export from the wiggle's originals at the export size with the saved tune, the export's padding and
 * orientation, in-betweens for Enhanced, then creates the gallery wiggle in the album (watermarks null = the
 * member's defaults, as the gallery serves them). The export, its wiggle and its album are checked before the
 * render, right before media is written and once the gallery wiggle exists: a deletion that landed meanwhile gets
 * nothing (the new gallery wiggle is withdrawn with its frames) and the frame is refunded.
 */
async function renderExport(deps: ExportDeps, row: ExportRow): Promise<number> {
  await requireStillWanted(deps, row);
  const wiggle = (await liveWiggle(deps, row))!;
  const { left, right, sideBySide } = await wiggleOriginals(deps, wiggle);
  const tune = exportTune(savedTune(wiggle.tune), row);
  const rendered = await deps.engine.renderWiggle(left, right, {
    autoAlign: wiggle.auto_align === 1,
    sideBySide,
    maxSize: row.size,
    tune,
    padding: row.padding,
  });
  const frames: GalleryFrames = {
    left: { full: rendered.left.f, thumb: rendered.left.t },
    right: { full: rendered.right.f, thumb: rendered.right.t },
  };
  if (row.mode === 'enhanced') {
    const between = await deps.engine.interpolate(rendered.views, tune, row.padding);
    frames.inBetweens = [between[25].f, between[50].f, between[75].f];
  }
  await requireStillWanted(deps, row);
  const created = await createGalleryWiggle(deps, row.owner_id, row.album_id, frames, {
    name: wiggle.name,
    width: rendered.width,
    height: rendered.height,
  }).catch(async (error: unknown) => {
    // It checks the album once more itself; a NotFound there is the same late deletion.
    if (error instanceof NotFound) await requireStillWanted(deps, row);
    throw error;
  });
  // A deletion between the check above and the new row (the album trashed without it, say) withdraws it again.
  const late = await cancelled(deps, row);
  if (late || !(await finishExport(deps.db, row.id, { status: 'Success', galleryWiggleId: created.id }))) {
    await discardGalleryWiggle(deps, row.owner_id, created.id);
    throw new ExportCancelled(late ?? 'it was ended meanwhile.');
  }
  return created.id;
}

/**
 * Ends the export in Error and, if this call ended it, gives its frame back (a second end refunds nothing). Both in
 * one transaction: whoever reads the export as Error also sees the frame back on its roll.
 */
async function failExport(deps: ExportDeps, row: ExportRow, reason: string) {
  const credits = createCreditService(deps.db, deps.config);
  await deps.db.transaction().execute(async (trx) => {
    if (await finishExport(trx, row.id, { status: 'Error', error: `The export failed: ${reason}` })) {
      await credits.refundFrame(row.owner_id, { ledgerId: row.ledger_id, purchaseId: row.purchase_id }, trx);
    }
  });
}

export async function runExport(deps: ExportDeps, exportId: number): Promise<void> {
  const row = await loadExportForJob(deps.db, exportId);
  if (row?.status !== 'InProgress') return;
  try {
    await renderExport(deps, row);
  } catch (error) {
    if (error instanceof ExportCancelled)
      deps.log.info({ exportId, reason: error.message }, 'export cancelled');
    else deps.log.warn({ err: error, exportId }, 'export failed; its frame is refunded');
    await failExport(deps, row, error instanceof Error ? error.message : String(error));
  }
}

export function registerExportJobs(deps: ExportDeps): void {
  deps.jobs.process<ExportRenderPayload>(EXPORT_RENDER_JOB, {
    timeoutMs: deps.config.JOB_TIMEOUT_SECONDS * 1000,
    run: (payload) => runExport(deps, payload.exportId),
    async onTimeout(payload) {
      const row = await loadExportForJob(deps.db, payload.exportId);
      if (row) await failExport(deps, row, 'it took too long.');
    },
  });
}
