import { z } from 'zod';
import { EXPORT_SIZES, FINE_TUNE_LIMITS } from '../constants';
import { ORIENTATIONS } from '../enums';
import { Messages } from '../messages';
import { idNumber } from './ids';

/** Issue 12's export call: a library wiggle rendered again from its originals into a gallery album. */
export const ExportBodySchema = z
  .object({
    /** The gallery album it lands in; null = the gallery's root. */
    albumId: idNumber('The album id').nullable(),
    size: z
      .number()
      .refine(
        (n) => (EXPORT_SIZES as readonly number[]).includes(n),
        `The size must be one of ${EXPORT_SIZES.join(', ')}.`,
      ),
    mode: z.enum(['original', 'enhanced']),
    orientation: z.enum(ORIENTATIONS),
    padding: z
      .number()
      .int(Messages.tune.paddingRange)
      .min(0, Messages.tune.paddingRange)
      .max(FINE_TUNE_LIMITS.padding, Messages.tune.paddingRange),
  })
  .strict();
export type ExportBody = z.infer<typeof ExportBodySchema>;

export const EXPORT_STATUSES = ['InProgress', 'Success', 'Error'] as const;

/** `galleryWiggleId` is null until the job has created the gallery wiggle (status Success). */
export const ExportStartedSchema = z.object({ exportId: z.number(), galleryWiggleId: z.number().nullable() });

export const ExportStatusSchema = z.object({
  exportId: z.number(),
  wiggleId: z.number(),
  albumId: z.number().nullable(),
  size: z.number(),
  mode: z.enum(['original', 'enhanced']),
  status: z.enum(EXPORT_STATUSES),
  galleryWiggleId: z.number().nullable(),
  /** Why an export ended in Error (its frame was given back). */
  error: z.string().nullable(),
});
export type ExportStatus = z.infer<typeof ExportStatusSchema>;
