import { FOLDER_TREE_WIDTH } from '@wiggle/common/constants';
import { type PointerEvent, useCallback, useState } from 'react';
import { useSetting } from './stores/settings';

/** SPEC §9: at least 320 px, and the tree always leaves 400 px of the page's width to the lists (library and gallery). */
export function clampTreeWidth(width: number, availableWidth: number): number {
  const max = Math.max(FOLDER_TREE_WIDTH.min, availableWidth - FOLDER_TREE_WIDTH.maxOffset);
  return Math.round(Math.min(Math.max(width, FOLDER_TREE_WIDTH.min), max));
}

/**
 * The tree's width, dragged live and saved to the settings once the drag ends. `availableWidth` is the
 * page's own width (not the window's: the navigation drawer takes part of it).
 */
export function useTreeWidth(
  availableWidth: number,
  settingKey: 'libraryTreeWidth' | 'galleryTreeWidth' = 'libraryTreeWidth',
) {
  const [saved, save] = useSetting(settingKey);
  const [dragging, setDragging] = useState<number | null>(null);
  const width = clampTreeWidth(dragging ?? saved, availableWidth);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      event.preventDefault();
      const handle = event.currentTarget;
      handle.setPointerCapture(event.pointerId);
      const startX = event.clientX;
      const startWidth = width;
      let latest = startWidth;
      const move = (e: globalThis.PointerEvent) => {
        latest = clampTreeWidth(startWidth + e.clientX - startX, availableWidth);
        setDragging(latest);
      };
      const up = () => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        handle.removeEventListener('pointercancel', up);
        setDragging(null);
        save(latest);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
      handle.addEventListener('pointercancel', up);
    },
    [width, save, availableWidth],
  );
  return {
    width,
    onPointerDown,
    nudge: (delta: number) => save(clampTreeWidth(width + delta, availableWidth)),
  };
}
