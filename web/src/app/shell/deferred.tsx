import { type ComponentType, Suspense, useState } from 'react';

/** True from the first render where `value` is true on: a part loaded on first need stays mounted afterwards. */
export function useEverTrue(value: boolean): boolean {
  const [ever, setEver] = useState(value);
  if (value && !ever) setEver(true);
  return ever || value;
}

/**
 * Renders a lazily loaded shell part (a React.lazy component) only once `wanted` has been true, so its code (and
 * MUI's Modal, Snackbar, Menu... under it) stays out of the first page load until something needs to show.
 */
export function Deferred<P extends object>({
  wanted,
  component: Component,
  props,
}: {
  wanted: boolean;
  component: ComponentType<P>;
  props: P;
}) {
  const ever = useEverTrue(wanted);
  if (!ever) return null;
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
