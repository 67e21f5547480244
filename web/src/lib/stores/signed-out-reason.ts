import { create } from 'zustand';
import type { ApiError } from '../api-client';

/**
 * Why the app signed the member out, when the server said (an admin blocked or deleted the account): the login
 * page shows it until the next sign-in.
 */
export const useSignedOutReason = create<{ message: string | null }>()(() => ({ message: null }));

const ACCOUNT_REFUSED = new Set(['account_blocked', 'account_deleted']);

/** Keeps the server's words when the 401 was about the account; clears the reason otherwise. */
export function noteSignedOutReason(error: ApiError | null): void {
  const code = error?.error?.code;
  useSignedOutReason.setState({
    message: code && ACCOUNT_REFUSED.has(code) ? (error?.error?.message ?? null) : null,
  });
}
