import { AuthenticationStatus } from '@wiggle/common/enums';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISABLE_REMOTE_SETTINGS_KEY } from '../config';
import { useAuthStore } from './auth';
import {
  flushSettingsSave,
  getSetting,
  nonDefaultSettings,
  resetSettings,
  restoreSettings,
  SETTINGS_DEFAULTS,
  setSetting,
  useSettingsStore,
} from './settings';

const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
const savedBodies = () =>
  fetchMock.mock.calls
    .filter(([url]) => url === '/api/account/settings')
    .map(([, init]) => JSON.parse(String(init.body)));

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response('{"ok":true}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  useAuthStore.setState({ status: AuthenticationStatus.Authenticated, token: 't' });
  resetSettings();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('settings store', () => {
  it('starts from the SPEC defaults', () => {
    expect(getSetting('libraryTreeWidth')).toBe(500);
    expect(getSetting('libraryZoomIndex')).toBe(4);
    expect(getSetting('libraryOriginalSort')).toEqual({ by: 'name', order: 'asc' });
    expect(getSetting('libraryWiggleSort')).toEqual({ by: 'created', order: 'asc' });
    expect(getSetting('exportPadding')).toBe(0);
    expect(getSetting('exportOrientation')).toBe('landscape');
    expect(getSetting('uploadTarget')).toBe('current');
    expect(getSetting('createOptions').stacking).toBe('auto-align');
    expect(getSetting('uploadForceReencode')).toBe(true);
  });

  it('lists only values that differ from their default', () => {
    expect(nonDefaultSettings({ ...SETTINGS_DEFAULTS })).toEqual({});
    const values = {
      ...SETTINGS_DEFAULTS,
      libraryTreeWidth: 420,
      libraryOriginalSort: { by: 'name' as const, order: 'asc' as const },
    };
    expect(nonDefaultSettings(values)).toEqual({ libraryTreeWidth: 420 });
  });

  it('sends only non-default values once, 2000 ms after the last change', async () => {
    setSetting('libraryTreeWidth', 400);
    await vi.advanceTimersByTimeAsync(1500);
    setSetting('libraryZoomIndex', 6);
    await vi.advanceTimersByTimeAsync(1999);
    expect(savedBodies()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(savedBodies()).toEqual([
      { settings: JSON.stringify({ libraryTreeWidth: 400, libraryZoomIndex: 6 }) },
    ]);
  });

  it('sends an empty object once every value is back at its default', async () => {
    setSetting('exportPadding', 10);
    setSetting('exportPadding', 0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(savedBodies()).toEqual([{ settings: '{}' }]);
  });

  it('does not save when nothing changed', async () => {
    setSetting('libraryTreeWidth', 500);
    await vi.advanceTimersByTimeAsync(5000);
    expect(savedBodies()).toHaveLength(0);
  });

  it('skips saving when the local flag disables remote settings', async () => {
    localStorage.setItem(DISABLE_REMOTE_SETTINGS_KEY, '1');
    setSetting('libraryTreeWidth', 400);
    await vi.advanceTimersByTimeAsync(3000);
    expect(savedBodies()).toHaveLength(0);
    expect(getSetting('libraryTreeWidth')).toBe(400);
  });

  it('skips saving when nobody is signed in', async () => {
    useAuthStore.setState({ status: AuthenticationStatus.NotAuthenticated, token: null });
    setSetting('libraryTreeWidth', 400);
    await vi.advanceTimersByTimeAsync(3000);
    expect(savedBodies()).toHaveLength(0);
  });

  it('ignores a failed save and saves again after the next change', async () => {
    fetchMock.mockImplementationOnce(
      async () => new Response('{"error":{"code":"x","message":"y"}}', { status: 500 }),
    );
    setSetting('libraryTreeWidth', 400);
    await vi.advanceTimersByTimeAsync(2000);
    expect(getSetting('libraryTreeWidth')).toBe(400);
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('offline');
    });
    setSetting('libraryTreeWidth', 410);
    await vi.advanceTimersByTimeAsync(2000);
    setSetting('libraryTreeWidth', 420);
    await vi.advanceTimersByTimeAsync(2000);
    expect(savedBodies()).toHaveLength(3);
    expect(savedBodies().at(-1)).toEqual({ settings: JSON.stringify({ libraryTreeWidth: 420 }) });
  });

  it('restores stored JSON over the defaults, dropping unknown keys and wrong types', () => {
    restoreSettings(
      JSON.stringify({ libraryTreeWidth: 640, librarySelectedFolder: 7, bogus: 1, libraryZoomIndex: 'big' }),
    );
    const values = useSettingsStore.getState().values;
    expect(values.libraryTreeWidth).toBe(640);
    expect(values.librarySelectedFolder).toBe(7);
    expect(values.libraryZoomIndex).toBe(4);
    expect('bogus' in values).toBe(false);
  });

  it('restores defaults from broken JSON and does not send anything for a restore', async () => {
    restoreSettings('{not json');
    expect(useSettingsStore.getState().values).toEqual(SETTINGS_DEFAULTS);
    restoreSettings('{"libraryTreeWidth":700}');
    await vi.advanceTimersByTimeAsync(5000);
    expect(savedBodies()).toHaveLength(0);
  });

  it('sends a waiting save at once when flushed, and nothing when none waits', async () => {
    await flushSettingsSave();
    expect(savedBodies()).toHaveLength(0);
    setSetting('libraryTreeWidth', 400);
    await flushSettingsSave(true);
    expect(savedBodies()).toEqual([{ settings: JSON.stringify({ libraryTreeWidth: 400 }) }]);
    expect(fetchMock.mock.calls[0]![1].keepalive).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(savedBodies()).toHaveLength(1);
  });

  it('cancels a pending save on reset (logout)', async () => {
    setSetting('libraryTreeWidth', 400);
    resetSettings();
    await vi.advanceTimersByTimeAsync(3000);
    expect(savedBodies()).toHaveLength(0);
    expect(getSetting('libraryTreeWidth')).toBe(500);
  });
});
