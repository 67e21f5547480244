import type { MatrixContext, MatrixRow, MatrixSetup, Role } from './authorization-types';
import { registerMember } from './harness';

/**
 * Admin rows of the authorization matrix: every /api/admin route answers 401 to visitors and 403 to every member,
 * verified or not, with nothing of the admin data in the error; only the admin gets 200.
 */
const adminOnly: Record<Role, number> = {
  visitor: 401,
  unverified: 403,
  verified: 403,
  other: 403,
  admin: 200,
};

interface AdminFixtures {
  targets: Record<string, number>;
  inquiryId: number;
}

const ACTIONS = ['block', 'unblock', 'delete', 'undelete', 'impersonate'] as const;

export const adminSetup: MatrixSetup = async ({ app, owner }) => {
  // One member per action, so each row starts from an active member whatever ran before.
  const targets: Record<string, number> = {};
  for (const action of ACTIONS)
    targets[action] = (await registerMember(app, { name: `Target ${action}` })).id;
  const inquiry = await app.platform.db
    .insertInto('support_inquiries')
    .values({
      user_id: owner.id,
      message: 'Matrix inquiry',
      sent_at: new Date().toISOString(),
      read_at: null,
      read_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { admin: { targets, inquiryId: inquiry.id } satisfies AdminFixtures };
};

const fixtures = (context: MatrixContext) => context.fixtures.admin as AdminFixtures;

export const adminRows: MatrixRow[] = [
  {
    route: 'GET /admin/users',
    request: () => ({ url: '/api/admin/users?search=target' }),
    expect: adminOnly,
  },
  ...ACTIONS.map(
    (action): MatrixRow => ({
      route: `POST /admin/users/:id/${action}`,
      request: (context) => ({ url: `/api/admin/users/${fixtures(context).targets[action]}/${action}` }),
      expect: adminOnly,
    }),
  ),
  { route: 'GET /admin/logs', request: () => ({ url: '/api/admin/logs?result=ok' }), expect: adminOnly },
  { route: 'GET /admin/support', expect: adminOnly },
  {
    route: 'POST /admin/support/:id/read',
    request: (context) => ({ url: `/api/admin/support/${fixtures(context).inquiryId}/read` }),
    expect: adminOnly,
  },
];
