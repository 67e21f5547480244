import { AppInitState, AuthenticationStatus } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../lib/stores/auth';
import { useSnackbarStore } from '../lib/stores/notification';
import { getSetting, resetSettings } from '../lib/stores/settings';
import { initializeApp, useAppInitStore, waitForAppReady } from './init';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  useAuthStore.getState().reset();
  resetSettings();
  useSnackbarStore.setState({ queue: [] });
  useAppInitStore.setState({ state: AppInitState.Boot });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('waitForAppReady', () => {
  it('checks every 80 ms until initialisation is ready', async () => {
    vi.useFakeTimers();
    let ready = false;
    void waitForAppReady().then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(240);
    expect(ready).toBe(false);
    useAppInitStore.setState({ state: AppInitState.Ready });
    await vi.advanceTimersByTimeAsync(79);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(ready).toBe(true);
  });
});

describe('initializeApp', () => {
  it('is ready at once without a saved token, and signed out', async () => {
    await initializeApp();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAppInitStore.getState().state).toBe(AppInitState.Ready);
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
  });

  it('refreshes the saved token and restores the session and settings', async () => {
    localStorage.setItem('token', 'saved');
    const answer = {
      token: 'fresh',
      settings: '{"libraryTreeWidth":640}',
      username: 'ann@example.com',
      isVerifiedEmail: true,
      isAdmin: false,
      details: { name: 'Ann', avatar: null },
    };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(answer), { status: 200 }));
    await initializeApp();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/refresh');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer saved');
    const auth = useAuthStore.getState();
    expect(auth.status).toBe(AuthenticationStatus.Authenticated);
    expect(auth.token).toBe('fresh');
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(document.cookie).toContain('token=fresh');
    expect(getSetting('libraryTreeWidth')).toBe(640);
    expect(useAppInitStore.getState().state).toBe(AppInitState.Ready);
  });

  it('forgets a token the server rejects', async () => {
    localStorage.setItem('token', 'stale');
    fetchMock.mockResolvedValueOnce(
      new Response('{"error":{"code":"unauthorized","message":"x"}}', { status: 401 }),
    );
    await initializeApp();
    expect(localStorage.getItem('token')).toBeNull();
    expect(document.cookie).not.toContain('token=stale');
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
    expect(useAppInitStore.getState().state).toBe(AppInitState.Ready);
  });

  it('keeps the token when the server cannot be reached, and still becomes ready', async () => {
    localStorage.setItem('token', 'saved');
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await initializeApp();
    expect(localStorage.getItem('token')).toBe('saved');
    expect(useAuthStore.getState().status).toBe(AuthenticationStatus.NotAuthenticated);
    expect(useSnackbarStore.getState().queue.map((item) => item.message)).toEqual([Messages.generic]);
    expect(useAppInitStore.getState().state).toBe(AppInitState.Ready);
  });
});
