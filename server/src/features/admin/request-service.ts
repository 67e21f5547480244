import { UserStatus } from '@wiggle/common/enums';
import type { AdminUser } from '@wiggle/common/schemas/admin';
import type { AdminRequest } from '@wiggle/common/schemas/admin-content';
import type { Kysely } from 'kysely';
import type { Member } from '../../platform/auth/sessions';
import { fromDbBool, isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import { logAdminAction } from './action-log';
import type { createAdminUsersService } from './users-service';

type Action = 'block' | 'delete';
const GOAL: Record<Action, UserStatus> = { block: UserStatus.Blocked, delete: UserStatus.Deleted };

/** Queries of admin_requests with the three people involved; no rules here. */
function createRequestStore(db: Kysely<Database>) {
  const withPeople = () =>
    db
      .selectFrom('admin_requests as r')
      .innerJoin('users as t', 't.id', 'r.target_id')
      .innerJoin('users as q', 'q.id', 'r.requested_by')
      .leftJoin('users as c', 'c.id', 'r.confirmed_by')
      .select([
        'r.id',
        'r.action',
        'r.requested_at',
        'r.confirmed_at',
        't.id as target_id',
        't.email as target_email',
        't.name as target_name',
        'q.id as requester_id',
        'q.email as requester_email',
        'q.name as requester_name',
        'c.id as confirmer_id',
        'c.email as confirmer_email',
        'c.name as confirmer_name',
      ]);
  return {
    pending: () =>
      withPeople().where('r.confirmed_at', 'is', null).orderBy('r.id', 'desc').limit(200).execute(),
    find: (id: number) => withPeople().where('r.id', '=', id).executeTakeFirst(),
    pendingFor: (targetId: number, action: Action) =>
      db
        .selectFrom('admin_requests')
        .select('id')
        .where('target_id', '=', targetId)
        .where('action', '=', action)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst(),
    async insert(targetId: number, action: Action, requestedBy: number): Promise<number> {
      const row = await db
        .insertInto('admin_requests')
        .values({ target_id: targetId, action, requested_by: requestedBy, requested_at: isoNow() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Marks the request confirmed unless someone did first; true when this call did. */
    async confirm(id: number, confirmedBy: number): Promise<boolean> {
      const result = await db
        .updateTable('admin_requests')
        .set({ confirmed_by: confirmedBy, confirmed_at: isoNow() })
        .where('id', '=', id)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    target: (id: number) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'status', 'is_admin'])
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}

type RequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createRequestStore>['find']>>>;

function toAdminRequest(r: RequestRow): AdminRequest {
  return {
    id: r.id,
    action: r.action,
    target: { id: r.target_id, email: r.target_email, name: r.target_name },
    requestedBy: { id: r.requester_id, email: r.requester_email, name: r.requester_name },
    requested: r.requested_at,
    confirmedBy:
      r.confirmer_id !== null && r.confirmer_email !== null && r.confirmer_name !== null
        ? { id: r.confirmer_id, email: r.confirmer_email, name: r.confirmer_name }
        : null,
    confirmed: r.confirmed_at,
  };
}

/**
 * The second-admin rule (issue 13): no admin blocks or deletes another admin alone. One admin asks (a pending
 * request); a different admin, not the target, confirms, and only then the status changes, sessions end and both
 * steps are in the admin log. Members are blocked and deleted directly (users-service); nobody acts on themselves.
 */
export function createAdminRequestService(
  db: Kysely<Database>,
  users: ReturnType<typeof createAdminUsersService>,
) {
  const store = createRequestStore(db);
  return {
    async list(): Promise<{ items: AdminRequest[] }> {
      return { items: (await store.pending()).map(toAdminRequest) };
    },

    async create(admin: Member, targetId: number, action: Action): Promise<AdminRequest> {
      const target = await store.target(targetId);
      if (!target) throw new NotFound('This member does not exist.');
      if (target.id === admin.id) throw new Forbidden(`You cannot ${action} yourself.`, 'admin_self');
      if (!fromDbBool(target.is_admin)) {
        throw new Conflict(`This member is not an admin: ${action} them directly.`);
      }
      if (target.status === GOAL[action] || target.status === UserStatus.Deleted) {
        throw new Conflict(
          `This admin cannot be ${action === 'block' ? 'blocked' : 'deleted'} in their current status.`,
        );
      }
      if (await store.pendingFor(targetId, action))
        throw new Conflict('This request is waiting for a second admin already.');
      const id = await store.insert(targetId, action, admin.id);
      await logAdminAction(
        db,
        admin,
        `request-${action}-admin`,
        { group: 'account', type: 'user', id: targetId },
        `asked a second admin to ${action} the admin ${target.email}`,
      );
      const row = await store.find(id);
      if (!row) throw new NotFound();
      return toAdminRequest(row);
    },

    async confirm(admin: Member, id: number): Promise<AdminUser> {
      const request = await store.find(id);
      if (!request) throw new NotFound('This request does not exist.');
      if (request.confirmed_at !== null) throw new Conflict('This request has been confirmed already.');
      if (request.requester_id === admin.id) {
        throw new Forbidden(
          'A second admin must confirm this request, not the one who asked.',
          'second_admin_required',
        );
      }
      if (request.target_id === admin.id)
        throw new Forbidden('You cannot confirm a request about yourself.', 'admin_self');
      // Two confirmations racing: only the one that marks the row goes on.
      if (!(await store.confirm(id, admin.id)))
        throw new Conflict('This request has been confirmed already.');
      return users.applyConfirmed(admin, request.requester_email, request.target_id, request.action);
    },
  };
}
