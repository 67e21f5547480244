import { DeleteStatus } from '@wiggle/common/enums';
import type { TuneInput } from '@wiggle/common/schemas/render-description';
import { createGalleryWiggle, type GalleryFrames } from '../gallery/wiggle-service';
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

async function liveWiggle(deps: ExportDeps, row: ExportRow) {
  const wiggle = await wiggleForExportJob(deps.db, row.wiggle_id);
  if (!wiggle || wiggle.owner_id !== row.owner_id || wiggle.delete_status === DeleteStatus.Expired)
    return undefined;
  return wiggle;
}

/**
 * Renders an export from the wiggle's originals at the export size with the saved tune, the export's padding and
 * orientation, in-betweens for Enhanced, then creates the gallery wiggle in the album (watermarks null = the
 * member's defaults, as the gallery serves them). Any failure refunds the frame and ends the export in Error.
 */
async function renderExport(deps: ExportDeps, row: ExportRow): Promise<number> {
  const wiggle = await liveWiggle(deps, row);
  if (!wiggle) throw new Error('The wiggle no longer exists.');
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
  // The rows are checked again right before media is written: a wiggle or export removed meanwhile gets nothing.
  const current = await loadExportForJob(deps.db, row.id);
  if (current?.status !== 'InProgress' || !(await liveWiggle(deps, row))) {
    throw new Error('The export or its wiggle no longer exists.');
  }
  const created = await createGalleryWiggle(deps, row.owner_id, row.album_id, frames, {
    name: wiggle.name,
    width: rendered.width,
    height: rendered.height,
  });
  return created.id;
}

/** Ends the export in Error and, if this call ended it, gives its frame back (a second end refunds nothing). */
async function failExport(deps: ExportDeps, row: ExportRow, reason: string) {
  if (await finishExport(deps.db, row.id, { status: 'Error', error: `The export failed: ${reason}` })) {
    await createCreditService(deps.db, deps.config).refundFrame(row.owner_id, {
      ledgerId: row.ledger_id,
      purchaseId: row.purchase_id,
    });
  }
}

export async function runExport(deps: ExportDeps, exportId: number): Promise<void> {
  const row = await loadExportForJob(deps.db, exportId);
  if (row?.status !== 'InProgress') return;
  try {
    const galleryWiggleId = await renderExport(deps, row);
    await finishExport(deps.db, row.id, { status: 'Success', galleryWiggleId });
  } catch (error) {
    deps.log.warn({ err: error, exportId }, 'export failed; its frame is refunded');
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
