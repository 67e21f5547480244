import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/** Infinite keyset paging: the first page has no cursor, each next page continues from the last `nextCursor`. */
export function useKeysetPages<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  getPage: (cursor: string | null) => Promise<Page>,
  enabled: boolean,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => getPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}
