import { UserStatus } from '@wiggle/common/enums';
import type { AdminUser, AdminUserSort, Impersonation, SortOrder } from '@wiggle/common/schemas/admin';
import type { Kysely } from 'kysely';
import { createImpersonationSession, deleteSessionsOfUser, type Member } from '../../platform/auth/sessions';
import { fromDbBool, isoNow } from '../../platform/db/columns';
import { pageFromRows } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { decodeSortCursor, type SortColumn, sortTag } from '../../platform/db/sorted-page';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import { createUsersService, toAuthInfo } from '../account/users-service';
import { logAdminAction } from './action-log';
import { type AdminUserRow, createAdminUserStore, type OwnerTotals } from './user-store';

export type UserAction = 'block' | 'unblock' | 'delete' | 'undelete';

const NO_TOTALS: OwnerTotals = { originalsCount: 0, originalsSize: 0, libraryWiggles: 0, galleryWiggles: 0 };

function toAdminUser(row: AdminUserRow, totals: OwnerTotals = NO_TOTALS): AdminUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    isAdmin: fromDbBool(row.is_admin),
    isVerifiedEmail: fromDbBool(row.is_verified_email),
    created: row.created_at,
    ...totals,
    subscriptions: {
      features: fromDbBool(row.subscribe_features),
      hints: fromDbBool(row.subscribe_hints),
    },
  };
}

/** The sortable columns of the user list (each indexed on (column, id) by migration 0043). */
const USER_SORTS: Record<AdminUserSort, SortColumn & { value: (row: AdminUserRow) => string | number }> = {
  id: { column: 'id', kind: 'number', value: (row) => row.id },
  email: { column: 'email', kind: 'text', value: (row) => row.email },
  name: { column: 'name', kind: 'text', value: (row) => row.name },
  created: { column: 'created_at', kind: 'text', value: (row) => row.created_at },
  status: { column: 'status', kind: 'number', value: (row) => row.status },
};

/** The status each action leads to from each status; absent means the action does not apply (409). */
const TRANSITIONS: Record<UserAction, Partial<Record<UserStatus, UserStatus>>> = {
  block: { [UserStatus.Active]: UserStatus.Blocked, [UserStatus.Blocked]: UserStatus.Blocked },
  unblock: { [UserStatus.Blocked]: UserStatus.Active, [UserStatus.Active]: UserStatus.Active },
  delete: {
    [UserStatus.Active]: UserStatus.Deleted,
    [UserStatus.Blocked]: UserStatus.Deleted,
    [UserStatus.Deleted]: UserStatus.Deleted,
  },
  undelete: { [UserStatus.Deleted]: UserStatus.Active, [UserStatus.Active]: UserStatus.Active },
};

const PAST: Record<UserAction, string> = {
  block: 'blocked',
  unblock: 'unblocked',
  delete: 'deleted',
  undelete: 'undeleted',
};

/** Admin user management (SPEC §4 admin user actions and impersonation). */
export function createAdminUsersService(db: Kysely<Database>, impersonationMinutes: number) {
  const store = createAdminUserStore(db);
  const users = createUsersService(db);

  const target = async (id: number) => {
    const row = await store.findById(id);
    if (!row) throw new NotFound('This member does not exist.');
    return row;
  };
  /**
   * Never on oneself. Another admin may be unblocked or undeleted directly, never impersonated; blocking or deleting
   * one takes a second admin: a request (POST /api/admin/requests) that a different admin confirms.
   */
  const refuseAdmins = (admin: Member, row: AdminUserRow, what: string) => {
    if (row.id === admin.id) throw new Forbidden(`You cannot ${what} yourself.`, 'admin_self');
    if (!fromDbBool(row.is_admin) || what === 'unblock' || what === 'undelete') return;
    if (what === 'block' || what === 'delete') {
      throw new Forbidden(
        `You cannot ${what} another admin alone: ask for it, and a second admin confirms.`,
        'admin_target',
      );
    }
    throw new Forbidden(`You cannot ${what} another admin.`, 'admin_target');
  };

  /** The status change itself, its session cut and its log; the caller has checked who may do it. */
  const change = async (
    admin: Member,
    row: AdminUserRow,
    action: UserAction,
    note = '',
  ): Promise<AdminUser> => {
    const id = row.id;
    const next = TRANSITIONS[action][row.status];
    if (next === undefined) {
      throw new Conflict(
        row.status === UserStatus.Deleted
          ? 'This member is deleted; undelete them first.'
          : `This member cannot be ${PAST[action]} in their current status.`,
      );
    }
    if (next !== row.status) {
      await store.setStatus(id, next, isoNow());
      // A blocked or deleted member is refused from the next request on: every session fails by the member's
      // status (and its 401 says why); unblocking or undeleting ends those sessions for good, so none comes back.
      if (next === UserStatus.Active) await deleteSessionsOfUser(db, id);
      await logAdminAction(
        db,
        admin,
        `${action}-user`,
        { group: 'account', type: 'user', id },
        `${PAST[action]} ${row.email}${note}`,
      );
    }
    const totals = await store.totalsOf([id]);
    return toAdminUser({ ...row, status: next }, totals.get(id));
  };

  return {
    async list(query: {
      search?: string | undefined;
      status?: number | undefined;
      sort: AdminUserSort;
      order: SortOrder;
      cursor?: string | undefined;
      limit: number;
    }) {
      const sort = USER_SORTS[query.sort];
      const rows = await store.list({
        search: query.search || undefined,
        status: query.status,
        sort: { column: sort, idColumn: 'id', order: query.order },
        after: decodeSortCursor(query.cursor, sort, query.order),
        limit: query.limit,
      });
      const { rows: page, nextCursor } = pageFromRows(
        rows,
        query.limit,
        sort.value,
        sortTag(sort, query.order),
      );
      const totals = await store.totalsOf(page.map((row) => row.id));
      return {
        items: page.map((row) => toAdminUser(row, totals.get(row.id))),
        nextCursor,
      };
    },

    async apply(admin: Member, id: number, action: UserAction): Promise<AdminUser> {
      const row = await target(id);
      refuseAdmins(admin, row, action);
      return change(admin, row, action);
    },

    /** A second admin's confirmation of another admin's request to block or delete an admin (request-service). */
    async applyConfirmed(
      confirmer: Member,
      requesterEmail: string,
      id: number,
      action: 'block' | 'delete',
    ): Promise<AdminUser> {
      const row = await target(id);
      return change(confirmer, row, action, ` (asked by ${requesterEmail}, confirmed as second admin)`);
    },

    async impersonate(admin: Member, id: number): Promise<Impersonation> {
      const row = await target(id);
      refuseAdmins(admin, row, 'impersonate');
      if (row.status !== UserStatus.Active) {
        throw new Conflict('Only an active member can be impersonated.');
      }
      const user = await users.findById(id);
      if (!user) throw new NotFound('This member does not exist.');
      const { token, expires } = await createImpersonationSession(db, id, admin.id, impersonationMinutes);
      await logAdminAction(
        db,
        admin,
        'impersonate-user',
        { group: 'account', type: 'user', id },
        `impersonated ${row.email} until ${expires}`,
      );
      return { ...toAuthInfo(user, token), impersonation: { userId: id, adminId: admin.id, expires } };
    },
  };
}
