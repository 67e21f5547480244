import type { Pairing, Stacking } from '@wiggle/common/enums';
import { SourceType } from '@wiggle/common/enums';
import { stripExtension } from '@wiggle/common/rename-template';
import type { CreateTarget, CreateWigglesResponse, WiggleStatus } from '@wiggle/common/schemas/library';
import { isoNow, toDbBool } from '../../platform/db/columns';
import { NotFound } from '../../platform/errors';
import { insertCheckedFolder, requireActiveFolder } from '../library/folder-service';
import { newWigglePrefix } from '../library/item-keys';
import { type OriginalRow, toWiggle } from '../library/mappers';
import { activeOriginals } from '../library/originals-service';
import { ingestUploadedFile, UPLOAD_DEFAULTS } from '../library/upload-service';
import { enqueueWiggleCreation, type WigglesDeps } from './deps';
import { planWiggles, subfolderName } from './pairing';
import { insertWiggle, wiggleStatuses } from './wiggle-store';

export interface CreateWigglesRequest {
  originalIds: readonly number[];
  pairing: Pairing;
  stacking: Stacking;
  target: CreateTarget;
  subfolderTemplate: string;
  folderId: number | null;
}

/** sideBySideOriginals: each side-by-side original becomes two new originals beside it, left then right. */
async function splitIntoOriginals(deps: WigglesDeps, ownerId: number, sources: OriginalRow[]) {
  const views: OriginalRow[] = [];
  for (const source of sources) {
    const { left, right } = await deps.engine.splitSideBySide(await deps.blobs.getBuffer(source.blob_o));
    for (const [bytes, side] of [
      [left, 'left'],
      [right, 'right'],
    ] as const) {
      const [created] = await ingestUploadedFile(
        deps,
        ownerId,
        source.folder_id,
        { name: `${stripExtension(source.name)} (${side})`, bytes },
        UPLOAD_DEFAULTS,
      );
      const row = await activeOriginals(deps.db, ownerId, [created!.id]);
      views.push(row[0]!);
    }
  }
  return views;
}

/**
 * Creates wiggles from a selection (SPEC pairing and stacking, at most 16 originals and 16 wiggles), in a new
 * subfolder or the current folder, and enqueues one `wiggle.create` job per wiggle.
 */
export async function createWiggles(
  deps: WigglesDeps,
  ownerId: number,
  request: CreateWigglesRequest,
): Promise<CreateWigglesResponse> {
  const ids = [...new Set(request.originalIds)];
  const found = new Map((await activeOriginals(deps.db, ownerId, ids)).map((r) => [r.id, r]));
  if (found.size !== ids.length) throw new NotFound('Original not found.');
  let selection = ids.map((id) => found.get(id)!);
  const viewCount = request.pairing === 'sideBySideOriginals' ? selection.length * 2 : selection.length;
  // Validated before any work so a refused request leaves nothing behind.
  const plan = planWiggles(request.pairing, request.stacking, viewCount);
  const parentId = await requireActiveFolder(deps.db, ownerId, request.folderId);
  if (request.pairing === 'sideBySideOriginals')
    selection = await splitIntoOriginals(deps, ownerId, selection);

  const now = isoNow();
  const { folder, wiggles } = await deps.db.transaction().execute(async (trx) => {
    const folder =
      request.target === 'subfolder'
        ? await insertCheckedFolder(
            trx,
            ownerId,
            parentId,
            subfolderName(
              request.subfolderTemplate,
              new Date(now),
              stripExtension(selection[0]!.name),
              stripExtension(selection[selection.length - 1]!.name),
            ),
            now,
          )
        : null;
    const wiggles = [];
    for (const planned of plan) {
      const left = selection[planned.left]!;
      const right = selection[planned.right]!;
      wiggles.push(
        await insertWiggle(trx, {
          owner_id: ownerId,
          folder_id: folder ? folder.id : parentId,
          name: stripExtension(left.name).slice(0, 255),
          left_original_id: left.id,
          right_original_id: right.id,
          source_type: planned.sideBySide ? SourceType.SideBySide : SourceType.Pair,
          auto_align: toDbBool(planned.autoAlign),
          create_status: 'New',
          auto_align_status: 'None',
          i_status: 'None',
          error_message: null,
          width: null,
          height: null,
          alignment: null,
          blob_prefix: newWigglePrefix(ownerId),
          deleted_at: null,
          created_at: now,
          last_modified_at: now,
        }),
      );
    }
    return { folder, wiggles };
  });
  await enqueueWiggleCreation(
    deps.jobs,
    wiggles.map((w) => w.id),
  );
  return { wiggles: wiggles.map(toWiggle), folder };
}

/** Status by id for the list's polling; ids of other members are simply absent. */
export async function statusOfWiggles(
  db: WigglesDeps['db'],
  ownerId: number,
  ids: readonly number[],
): Promise<WiggleStatus[]> {
  const rows = await wiggleStatuses(db, ownerId, ids.slice(0, 500));
  return rows.map((r) => ({
    id: r.id,
    createStatus: r.create_status as WiggleStatus['createStatus'],
    autoAlignStatus: r.auto_align_status as WiggleStatus['autoAlignStatus'],
    iStatus: r.i_status as WiggleStatus['iStatus'],
    errorMessage: r.error_message,
  }));
}
