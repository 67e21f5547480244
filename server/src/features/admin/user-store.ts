import { UserStatus } from '@wiggle/common/enums';
import { type Kysely, sql } from 'kysely';
import { countAll } from '../../platform/db/columns';
import { likeContains } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { type SortedPageSlice, sortedPage } from '../../platform/db/sorted-page';

/** The filters and the sorted page (a whitelisted column with its (column, id) index, the row it continues after). */
export interface UserListFilter extends SortedPageSlice {
  search?: string | undefined;
  status?: number | undefined;
}

export interface OwnerTotals {
  originalsCount: number;
  originalsSize: number;
  libraryWiggles: number;
  galleryWiggles: number;
}

const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'status',
  'is_admin',
  'is_verified_email',
  'created_at',
  'subscribe_features',
  'subscribe_hints',
] as const;

/** Queries of the admin user list; no rules here. */
export function createAdminUserStore(db: Kysely<Database>) {
  /**
   * The members the filters keep (search, status), unordered. The search tests `email` (stored lower-case) and
   * `lower(name)`, the expressions of PostgreSQL's trigram indexes (migration 0046): change one, change both.
   * Case-insensitive; the search text's wildcards are literal.
   */
  const matchesQuery = (filter: UserListFilter) => {
    let query = db.selectFrom('users');
    if (filter.search) {
      const pattern = likeContains(filter.search);
      query = query.where(
        sql<boolean>`(email like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\')`,
      );
    }
    if (filter.status) query = query.where('status', '=', filter.status as UserStatus);
    return query;
  };
  return {
    matchesQuery,
    /**
     * `limit + 1` rows of the filters' members in the sort's order, after the cursor. (Sorting a narrow search's
     * matches apart from the sort's index was tried and measured at 100,000 members: on SQLite it halved the worst
     * case, 41 -> 22 ms, but doubled the common ones; on PostgreSQL it was slower wherever it applied, 30 -> 47 ms.)
     */
    list(filter: UserListFilter) {
      return sortedPage(matchesQuery(filter).select(USER_COLUMNS), filter).execute();
    },
    findById(id: number) {
      return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    async setStatus(id: number, status: UserStatus, updatedAt: string): Promise<void> {
      // deleted_at starts the purge's clock (DELETED_MEMBER_PURGE_DAYS); any other status stops it.
      await db
        .updateTable('users')
        .set({ status, updated_at: updatedAt, deleted_at: status === UserStatus.Deleted ? updatedAt : null })
        .where('id', '=', id)
        .execute();
    },
    /** The totals of the members of one page: one grouped query per table on its owner index. */
    async totalsOf(ids: number[]): Promise<Map<number, OwnerTotals>> {
      const totals = new Map<number, OwnerTotals>(
        ids.map((id) => [id, { originalsCount: 0, originalsSize: 0, libraryWiggles: 0, galleryWiggles: 0 }]),
      );
      if (ids.length === 0) return totals;
      const [originals, wiggles, gallery] = await Promise.all([
        db
          .selectFrom('originals')
          .select([
            'owner_id',
            countAll().as('count'),
            sql<string | number>`coalesce(sum(size), 0)`.as('size'),
          ])
          .where('owner_id', 'in', ids)
          .groupBy('owner_id')
          .execute(),
        db
          .selectFrom('wiggles')
          .select(['owner_id', countAll().as('count')])
          .where('owner_id', 'in', ids)
          .groupBy('owner_id')
          .execute(),
        db
          .selectFrom('gallery_wiggles')
          .select(['owner_id', countAll().as('count')])
          .where('owner_id', 'in', ids)
          .groupBy('owner_id')
          .execute(),
      ]);
      for (const row of originals) {
        const t = totals.get(row.owner_id);
        if (t) Object.assign(t, { originalsCount: Number(row.count), originalsSize: Number(row.size) });
      }
      for (const row of wiggles) {
        const t = totals.get(row.owner_id);
        if (t) t.libraryWiggles = Number(row.count);
      }
      for (const row of gallery) {
        const t = totals.get(row.owner_id);
        if (t) t.galleryWiggles = Number(row.count);
      }
      return totals;
    },
  };
}

export type AdminUserRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createAdminUserStore>['findById']>>
>;
