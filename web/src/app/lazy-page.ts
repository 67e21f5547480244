import { type ComponentType, lazy } from 'react';

export const LAZY_RELOAD_FLAG = 'lazyPageReloaded';

/**
 * A page chunk fails to load mostly after a deployment replaced the hashed files: one reload fetches the new
 * index.html. The sessionStorage flag stops a reload loop; a second failure is logged and shown by the error page.
 */
export async function importWithReload<T>(
  load: () => Promise<T>,
  reload: () => void = () => location.reload(),
): Promise<T> {
  try {
    const module = await load();
    sessionStorage.removeItem(LAZY_RELOAD_FLAG);
    return module;
  } catch (error) {
    if (!sessionStorage.getItem(LAZY_RELOAD_FLAG)) {
      sessionStorage.setItem(LAZY_RELOAD_FLAG, '1');
      reload();
      // Keep the page suspended until the reload replaces it.
      return new Promise<T>(() => {});
    }
    sessionStorage.removeItem(LAZY_RELOAD_FLAG);
    console.error('Failed to load a page', error);
    throw error;
  }
}

/** React.lazy for a page module's named export (pages export their component by name). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await importWithReload(load);
    return { default: module[name] as ComponentType };
  });
}
