import { z } from 'zod';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../constants';
import { textField } from './text';

/** POST /support/inquiry (SPEC §5: message up to 1000 characters). */
export const supportInquirySchema = z.object({
  message: textField({ label: 'The message', max: SUPPORT_MESSAGE_MAX_LENGTH, multiline: true }),
});
export type SupportInquiryInput = z.input<typeof supportInquirySchema>;

export const supportInquiryResultSchema = z.object({ id: z.number(), sent: z.string() });
