import { AuthenticationStatus } from '@wiggle/common/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setApiToken } from '../lib/api-client';
import { useAuthStore } from '../lib/stores/auth';
import { useSignedOutReason } from '../lib/stores/signed-out-reason';
import { initStores } from './init';

const answer = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ error: { code, message } }), { status });

beforeEach(() => {
  initStores();
  useSignedOutReason.setState({ message: null });
});
afterEach(() => vi.unstubAllGlobals());

const signIn = () => {
  useAuthStore.setState({ status: AuthenticationStatus.Authenticated, token: 'member-token' });
  setApiToken('member-token');
};

describe('a session an admin ended', () => {
  it('signs out on any call answered account_blocked and keeps the reason for the login page', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, 'account_blocked', 'This account has been blocked.')),
    );
    await expect(api.post('library/folders', { name: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
    expect(useSignedOutReason.getState().message).toBe('This account has been blocked.');
  });

  it('leaves a plain 401 of a change alone (a wrong current password is no sign-out)', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, 'unauthorized', 'Wrong password.')),
    );
    await expect(api.post('account/password', {})).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.Authenticated);
    expect(useSignedOutReason.getState().message).toBeNull();
  });

  it('signs out on a plain 401 of a load without a reason to show', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(401, 'unauthorized', 'You are not signed in.')),
    );
    await expect(api.get('library/folders')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
    expect(useSignedOutReason.getState().message).toBeNull();
  });
});
