import type { MoveType } from '@wiggle/common/enums';

/** What a drag carries inside the Library: one kind of item and its ids. */
export interface DraggedItems {
  type: MoveType;
  ids: number[];
}

export const DRAG_MIME = 'application/x-wiggle-items';

export function writeDraggedItems(transfer: DataTransfer, items: DraggedItems): void {
  transfer.setData(DRAG_MIME, JSON.stringify(items));
  transfer.effectAllowed = 'copyMove';
}

export function readDraggedItems(transfer: DataTransfer): DraggedItems | null {
  const raw = transfer.getData(DRAG_MIME);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as DraggedItems;
    return Array.isArray(parsed.ids) && typeof parsed.type === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export const carriesItems = (transfer: DataTransfer) => transfer.types.includes(DRAG_MIME);
export const carriesFiles = (transfer: DataTransfer) => transfer.types.includes('Files');
