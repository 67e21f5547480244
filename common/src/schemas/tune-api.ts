/**
 * The tune API (`GET` / `PUT /api/library/wiggles/{id}/tune`): the body of a PUT is common's TuneSchema; the
 * answer carries the saved tune with the canvas its coordinates refer to, so the editor and any other client
 * can draw and check the pivot and the crop in the same source pixels the engine uses.
 */
import { z } from 'zod';
import { PivotSchema, TuneSchema } from './render-description';

const isoDate = z.string();

export const CanvasSizeSchema = z.object({ width: z.number().int(), height: z.number().int() });
export type CanvasSize = z.infer<typeof CanvasSizeSchema>;

/** A tune as answered: the same fields, its levels plain numbers (a response schema holds no transforms). */
export const SavedTuneSchema = TuneSchema.extend({ blur: z.number(), sharpen: z.number() });

export const WiggleTuneResponseSchema = z.object({
  /** The saved tune with SPEC's defaults filled in (all defaults when the member never tuned it). */
  tune: SavedTuneSchema,
  /** Source px of the (aligned) left view; null while the wiggle is still being created. */
  canvas: CanvasSizeSchema.nullable(),
  /** The engine's suggested pivot (source px) when auto-align found one. */
  suggestedPivot: PivotSchema.nullable(),
  /** Saved at least once. */
  tuned: z.boolean(),
  lastModifiedAt: isoDate,
});
export type WiggleTuneResponse = z.infer<typeof WiggleTuneResponseSchema>;
