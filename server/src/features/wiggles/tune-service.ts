import { type Tune, tuneProblems } from '@wiggle/common/schemas/render-description';
import type { CanvasSize, WiggleTuneResponse } from '@wiggle/common/schemas/tune-api';
import { isoNow } from '../../platform/db/columns';
import { BadRequest, Conflict, NotFound } from '../../platform/errors';
import { enqueueWiggleRetune, type WigglesDeps } from './deps';
import { findTunableWiggle, savedTune, type TunableWiggle, updateWiggleTune } from './tune-store';

interface StoredAlignment {
  pivot?: { x: number; y: number };
  canvas?: CanvasSize;
}

const parsedJson = <T>(json: string | null): T | null => (json ? (JSON.parse(json) as T) : null);

/**
 * The canvas the tune's coordinates refer to: what the creation job recorded; for wiggles made before it did,
 * the aligned canvas, else the frames' size (an unaligned working copy of an unbounded pair).
 */
function canvasOf(row: TunableWiggle): CanvasSize | null {
  if (row.create_status !== 'Success') return null;
  const canvas = parsedJson<CanvasSize>(row.canvas) ?? parsedJson<StoredAlignment>(row.alignment)?.canvas;
  if (canvas) return canvas;
  return row.width && row.height ? { width: row.width, height: row.height } : null;
}

function responseOf(row: TunableWiggle): WiggleTuneResponse {
  return {
    tune: savedTune(row.tune),
    canvas: canvasOf(row),
    suggestedPivot: parsedJson<StoredAlignment>(row.alignment)?.pivot ?? null,
    tuned: row.tune !== null,
    lastModifiedAt: row.last_modified_at,
  };
}

async function requireWiggle(db: WigglesDeps['db'], ownerId: number, id: number) {
  const row = await findTunableWiggle(db, ownerId, id);
  if (!row) throw new NotFound('Wiggle not found.');
  return row;
}

export async function wiggleTune(db: WigglesDeps['db'], ownerId: number, id: number) {
  return responseOf(await requireWiggle(db, ownerId, id));
}

/**
 * Saves a member's tune (already checked by common's TuneSchema) after checking it against the wiggle's canvas,
 * changes its last-modified date and renders its library frames again through the engine's one pipeline.
 */
export async function saveWiggleTune(
  deps: WigglesDeps,
  ownerId: number,
  id: number,
  tune: Tune,
): Promise<WiggleTuneResponse> {
  const row = await requireWiggle(deps.db, ownerId, id);
  const canvas = canvasOf(row);
  if (!canvas) throw new Conflict('The wiggle is still being created. Please wait until it is ready.');
  const problems = tuneProblems(tune, canvas);
  const first = Object.values(problems)[0];
  if (first) throw new BadRequest(first, problems, 'validation');
  const now = isoNow();
  if (!(await updateWiggleTune(deps.db, ownerId, id, tune, now))) throw new NotFound('Wiggle not found.');
  await enqueueWiggleRetune(deps.jobs, id, now);
  return responseOf({ ...row, tune: JSON.stringify(tune), last_modified_at: now });
}
