import { type MouseEvent, useCallback, useEffect, useMemo, useState } from 'react';
import {
  clickSelection,
  emptySelection,
  pruneSelection,
  type SelectionState,
  selectAll,
  selectedInOrder,
} from './selection';

/** Selection of one list (wiggles or originals), kept to the ids the list still shows. */
export function useSectionSelection(order: readonly number[]) {
  const [state, setState] = useState<SelectionState>(emptySelection);
  const present = useMemo(() => new Set(order), [order]);
  useEffect(() => setState((s) => pruneSelection(s, present)), [present]);

  const click = useCallback(
    (id: number, event: Pick<MouseEvent, 'ctrlKey' | 'metaKey' | 'shiftKey'>) =>
      setState((s) =>
        clickSelection(s, order, id, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey }),
      ),
    [order],
  );
  return {
    selected: state.selected,
    ids: useMemo(() => selectedInOrder(state, order), [state, order]),
    click,
    selectAll: useCallback(() => setState(selectAll(order)), [order]),
    clear: useCallback(() => setState(emptySelection), []),
  };
}
