import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importWithReload, LAZY_RELOAD_FLAG } from './lazy-page';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('importWithReload', () => {
  it('returns the module and clears the reload flag', async () => {
    sessionStorage.setItem(LAZY_RELOAD_FLAG, '1');
    const reload = vi.fn();
    await expect(importWithReload(async () => ({ page: 1 }), reload)).resolves.toEqual({ page: 1 });
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(LAZY_RELOAD_FLAG)).toBeNull();
  });

  it('reloads once on the first failure and stays pending', async () => {
    const reload = vi.fn();
    const result = importWithReload(() => Promise.reject(new Error('chunk gone')), reload);
    const settled = await Promise.race([
      result.then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(LAZY_RELOAD_FLAG)).toBe('1');
  });

  it('logs and rethrows when loading fails again after the reload', async () => {
    sessionStorage.setItem(LAZY_RELOAD_FLAG, '1');
    const reload = vi.fn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(importWithReload(() => Promise.reject(new Error('chunk gone')), reload)).rejects.toThrow(
      'chunk gone',
    );
    expect(reload).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalled();
  });
});
