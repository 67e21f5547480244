import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../constants';
import { requiredText } from './auth';

/** POST /support/inquiry (SPEC §5: message up to 1000 characters). */
export const supportInquirySchema = z.object({
  message: requiredText(SUPPORT_MESSAGE_MAX_LENGTH),
});
export type SupportInquiryInput = z.input<typeof supportInquirySchema>;

export const supportInquiryResultSchema = z.object({ id: z.number(), sent: z.string() });
