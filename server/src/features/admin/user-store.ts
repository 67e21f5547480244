import { UserStatus } from '@wiggle/common/enums';
import { type Kysely, sql } from 'kysely';
import { countAll } from '../../platform/db/columns';
import type { Cursor } from '../../platform/db/keyset-cursor';
import { likeContains } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { afterSortCursor, type SortedPageRequest } from '../../platform/db/sorted-page';

export interface UserListFilter {
  search?: string | undefined;
  status?: number | undefined;
  /** The sort (a whitelisted column with its (column, id) index) and the row the page continues after. */
  sort: SortedPageRequest;
  after: Cursor | null;
  limit: number;
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
   * `limit + 1` rows, newest first, after the cursor; search on e-mail and name (case-insensitive, literal). The
   * search's expressions (`email`, stored lower-case, and `lower(name)`) are those of PostgreSQL's trigram indexes
   * (migration 0046): change one, change both.
   */
  const listQuery = (filter: UserListFilter) => {
    let query = db.selectFrom('users').select(USER_COLUMNS);
    if (filter.search) {
      const pattern = likeContains(filter.search);
      query = query.where(
        sql<boolean>`(email like ${pattern} escape '\\' or lower(name) like ${pattern} escape '\\')`,
      );
    }
    if (filter.status) query = query.where('status', '=', filter.status as UserStatus);
    if (filter.after) query = query.where(afterSortCursor(filter.sort, filter.after));
    return query
      .orderBy(sql.ref(filter.sort.column.column), filter.sort.order)
      .orderBy(sql.ref(filter.sort.idColumn), filter.sort.order)
      .limit(filter.limit + 1);
  };
  return {
    listQuery,
    list(filter: UserListFilter) {
      return listQuery(filter).execute();
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
