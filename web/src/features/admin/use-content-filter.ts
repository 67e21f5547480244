import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { TableSort } from './components/paged-table';
import { idFilter } from './content-labels';

/** The filters every admin content page has: a name search, an owner id and the table's sort. */
export function useContentFilter() {
  const [search, setSearch] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [sort, setSort] = useState<TableSort>({ by: 'id', order: 'desc' });
  return {
    search,
    setSearch,
    ownerId,
    setOwnerId,
    sort,
    setSort,
    /** The list's query for these filters (debounced as typed); a page adds its own filters to it. */
    query: {
      search: useDebouncedValue(search.trim(), 300),
      ownerId: idFilter(useDebouncedValue(ownerId, 300)),
      sort: sort.by,
      order: sort.order,
    },
  };
}

export type ContentFilter = ReturnType<typeof useContentFilter>;
