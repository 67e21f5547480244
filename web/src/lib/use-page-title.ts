import { useEffect } from 'react';

const PRODUCT_NAME = 'Wiggle Studio';

/** Names the browser tab (and history entries) after the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
