import { AuthenticationStatus } from '@wiggle/common/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../../lib/stores/auth';
import { getSetting, restoreSettings, setSetting } from '../../../lib/stores/settings';
import { logout } from './logout';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useAuthStore.getState().setAuthInfo({
    token: 'tok',
    settings: '{}',
    username: 'ann@example.com',
    isVerifiedEmail: true,
    isAdmin: false,
    details: { name: 'Ann', avatar: null },
  });
  restoreSettings('{}');
});
afterEach(() => vi.unstubAllGlobals());

describe('logout', () => {
  it('saves a waiting settings change, calls the server, then forgets the session and settings', async () => {
    fetchMock.mockImplementation(async () => Response.json({ ok: true }));
    setSetting('libraryZoomIndex', 7);
    await logout();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/account/settings', '/api/auth/logout']);
    for (const [, init] of fetchMock.mock.calls) {
      expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    }
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
    expect(localStorage.getItem('token')).toBeNull();
    expect(getSetting('libraryZoomIndex')).toBe(4);
  });

  it('ends the local session even when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await logout();
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
  });
});
