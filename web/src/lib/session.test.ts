import { AuthenticationStatus } from '@wiggle/common/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISABLE_REMOTE_SETTINGS_KEY } from './config';
import { queryClient } from './query-client';
import { endSession, impersonate } from './session';
import { useAuthStore } from './stores/auth';
import { getSetting, isRemoteSettingsDisabled, resetSettings } from './stores/settings';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const member = {
  token: 'member-token',
  settings: '{"galleryZoomIndex":2}',
  username: 'bob@example.com',
  isVerifiedEmail: true,
  isAdmin: false,
  details: { name: 'Bob', avatar: '/api/account/avatar/3' },
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  useAuthStore.getState().reset();
  resetSettings();
});
afterEach(() => vi.unstubAllGlobals());

describe('impersonate', () => {
  it("refreshes with the given token, takes the member's session and disables remote settings", async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(member), { status: 200 }));
    await impersonate('member-token');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/refresh');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer member-token');
    expect(useAuthStore.getState()).toMatchObject({ username: 'bob@example.com', token: 'member-token' });
    expect(getSetting('galleryZoomIndex')).toBe(2);
    expect(isRemoteSettingsDisabled()).toBe(true);
  });

  it('leaves remote settings enabled when the refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 401 }));
    await expect(impersonate('bad')).rejects.toMatchObject({ status: 401 });
    expect(isRemoteSettingsDisabled()).toBe(false);
  });
});

describe('endSession', () => {
  it('resets auth, settings, cached server data and the impersonation flag', () => {
    useAuthStore.getState().setAuthInfo(member);
    localStorage.setItem(DISABLE_REMOTE_SETTINGS_KEY, '1');
    queryClient.setQueryData(['account', 'profile'], { name: 'Bob' });
    endSession();
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
    expect(localStorage.getItem('token')).toBeNull();
    expect(getSetting('galleryZoomIndex')).toBe(4);
    expect(queryClient.getQueryData(['account', 'profile'])).toBeUndefined();
    expect(isRemoteSettingsDisabled()).toBe(false);
  });
});
