import { type DragEvent, useState } from 'react';
import { carriesItems, type DraggedItems, readDraggedItems } from './drag-items';

/**
 * Makes an element a drop target for dragged items (not files): `over` lights it while items hover, and a drop
 * with Ctrl or Alt held asks for a copy instead of a move. `onDrop` undefined = not a target.
 */
export function useItemDrop(onDrop: ((items: DraggedItems, copy: boolean) => void) | undefined) {
  const [over, setOver] = useState(false);
  const handlers = onDrop
    ? {
        onDragOver: (event: DragEvent) => {
          if (!carriesItems(event.dataTransfer)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = event.ctrlKey || event.altKey ? 'copy' : 'move';
          setOver(true);
        },
        onDragLeave: () => setOver(false),
        onDrop: (event: DragEvent) => {
          setOver(false);
          const items = readDraggedItems(event.dataTransfer);
          if (!items) return;
          event.preventDefault();
          onDrop(items, Boolean(event.ctrlKey || event.altKey));
        },
      }
    : {};
  return { over, handlers };
}
