import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api-client';
import { useKeysetPages } from '../../lib/use-keyset-pages';
import type { Page } from './api/admin-api';

/** Keyset pages of one admin list for one filter, flattened for PagedTable, and a way to reload after a change. */
export function useAdminPages<Row extends { id: number }>(
  name: string,
  filter: object,
  getPage: (cursor: string | null) => Promise<Page<Row>>,
) {
  const queryClient = useQueryClient();
  const key = ['admin', name, filter];
  const pages = useKeysetPages<Page<Row>>(key, getPage, true);
  return {
    tableProps: {
      rows: pages.data?.pages.flatMap((page) => page.items) ?? [],
      loading: pages.isLoading,
      error: pages.error ? errorMessage(pages.error, 'The list could not be loaded.') : null,
      hasMore: pages.hasNextPage,
      loadingMore: pages.isFetchingNextPage,
      onLoadMore: () => void pages.fetchNextPage(),
    },
    /** Replaces one row in the loaded pages (after an action answered with the new row). */
    replaceRow: (row: Row) =>
      queryClient.setQueryData<{ pages: Page<Row>[]; pageParams: unknown[] }>(key, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === row.id ? row : item)),
              })),
            }
          : data,
      ),
  };
}
