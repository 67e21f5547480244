import { type DragEvent, useState } from 'react';
import { carriesFiles } from '../../../lib/drag-items';

/** Files dropped from the desktop onto the Library start an upload; `active` lights the drop zone. */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void) {
  const [active, setActive] = useState(false);
  const handlers = {
    onDragOver: (event: DragEvent) => {
      if (!enabled || !carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      setActive(true);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setActive(false);
    },
    onDrop: (event: DragEvent) => {
      setActive(false);
      if (!enabled || !carriesFiles(event.dataTransfer)) return;
      event.preventDefault();
      onFiles([...event.dataTransfer.files]);
    },
  };
  return { active, handlers };
}
