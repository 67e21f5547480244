/**
 * Multi-select as file managers do it: a click selects one, ctrl/cmd toggles, shift selects the range from
 * the anchor (the last plain or ctrl click) in list order. Pure so the list component stays thin.
 */
export interface SelectionState {
  selected: ReadonlySet<number>;
  anchor: number | null;
}

export interface ClickModifiers {
  toggle: boolean;
  range: boolean;
}

export const emptySelection: SelectionState = { selected: new Set(), anchor: null };

export function clickSelection(
  state: SelectionState,
  order: readonly number[],
  id: number,
  { toggle, range }: ClickModifiers,
): SelectionState {
  if (range && state.anchor !== null) {
    const from = order.indexOf(state.anchor);
    const to = order.indexOf(id);
    if (from !== -1 && to !== -1) {
      const [start, end] = from <= to ? [from, to] : [to, from];
      const span = order.slice(start, end + 1);
      const selected = new Set(toggle ? state.selected : []);
      for (const item of span) selected.add(item);
      return { selected, anchor: state.anchor };
    }
  }
  if (toggle) {
    const selected = new Set(state.selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { selected, anchor: id };
  }
  return { selected: new Set([id]), anchor: id };
}

export function selectAll(order: readonly number[]): SelectionState {
  return { selected: new Set(order), anchor: order[0] ?? null };
}

/** Drops ids no longer in the list (deleted, moved away) but keeps the order the member picked them in. */
export function pruneSelection(state: SelectionState, present: ReadonlySet<number>): SelectionState {
  const kept = [...state.selected].filter((id) => present.has(id));
  if (kept.length === state.selected.size) return state;
  return {
    selected: new Set(kept),
    anchor: state.anchor !== null && present.has(state.anchor) ? state.anchor : null,
  };
}

/** Selected ids in list order: pairing for wiggle creation depends on it. */
export function selectedInOrder(state: SelectionState, order: readonly number[]): number[] {
  return order.filter((id) => state.selected.has(id));
}
