import { useMutation } from '@tanstack/react-query';
import type { SupportInquiryInput } from '@wiggle/common/schemas/support';
import { api } from '../../../lib/api-client';

/** POST /support/inquiry: stored and mailed to the support address. */
export async function sendInquiry(input: SupportInquiryInput): Promise<{ id: number; sent: string }> {
  return api.post<{ id: number; sent: string }>('support/inquiry', input);
}

export function useSendInquiry() {
  return useMutation({ mutationFn: sendInquiry });
}
