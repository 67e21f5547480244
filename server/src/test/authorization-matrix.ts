import sharp from 'sharp';
import { adminContentRows, adminContentSetup } from './admin-content-rows';
import { adminRows, adminSetup } from './admin-rows';
import { adminShopRows, adminShopSetup } from './admin-shop-rows';
import {
  everyone,
  type MatrixContext,
  type MatrixRow,
  type MatrixSetup,
  members,
  type Role,
  verified,
} from './authorization-types';
import { exportRows, exportSetup } from './exports/authorization-rows';
import { galleryRows, gallerySetup } from './gallery-rows';
import { TEST_PASSWORD } from './harness';
import { libraryRows, librarySetup } from './library/authorization-rows';
import { shopRows, shopSetup } from './shop/authorization-rows';
import { tuneRows, tuneSetup } from './wiggles/tune-authorization-rows';

/**
 * Who may call what: every API endpoint × the five roles, with the expected status. The test in
 * `features/authorization.test.ts` runs each row for each role with a fresh session and checks that the table lists
 * every documented /api route. Features append their rows (and, when they need objects to point at, a setup) here.
 */

let unique = 0;
const uniqueEmail = (role: Role) => {
  unique += 1;
  return `matrix-${role}-${unique}-${Date.now()}@example.com`;
};

export function multipartImage(
  field: string,
  image: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----matrix${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="image.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), image, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const smallPng = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

export const accountSetup: MatrixSetup = async ({ app, owner }) => {
  const upload = multipartImage('file', await smallPng());
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/avatar',
    headers: { ...upload.headers, authorization: `Bearer ${owner.token}` },
    payload: upload.payload,
  });
  if (res.statusCode !== 200) throw new Error(`matrix setup: avatar upload failed ${res.body}`);
  return {};
};

const ownerAvatarUrl = async ({ app, owner }: MatrixContext) => {
  const row = await app.platform.db
    .selectFrom('users')
    .select('avatar_id')
    .where('id', '=', owner.id)
    .executeTakeFirstOrThrow();
  return `/api/account/avatar/${row.avatar_id}`;
};

export const accountRows: MatrixRow[] = [
  {
    route: 'POST /auth/login',
    request: () => ({
      url: '/api/auth/login',
      payload: { username: 'nobody@example.com', password: 'Wrong-pass1' },
    }),
    expect: everyone(401),
  },
  { route: 'GET /auth/refresh', expect: members() },
  { route: 'GET /auth/logout', expect: members() },
  {
    route: 'POST /account/register',
    request: (_c, role) => ({
      url: '/api/account/register',
      payload: { name: 'Matrix', username: uniqueEmail(role), password: TEST_PASSWORD, terms: true },
    }),
    expect: everyone(200),
  },
  // Unverified: a wrong code; the others are verified already, which is a success.
  {
    route: 'POST /account/verify',
    request: () => ({ url: '/api/account/verify', payload: { code: '000000' } }),
    expect: { ...members(), unverified: 400 },
  },
  { route: 'POST /account/verify/resend', expect: members() },
  {
    route: 'POST /account/reset',
    request: () => ({ url: '/api/account/reset', payload: { username: 'someone@example.com' } }),
    expect: everyone(200),
  },
  {
    route: 'POST /account/reset/confirm',
    request: () => ({
      url: '/api/account/reset/confirm',
      payload: { token: 'not-a-token', code: '123456', password: TEST_PASSWORD },
    }),
    expect: everyone(400),
  },
  {
    route: 'POST /account/settings',
    request: () => ({ url: '/api/account/settings', payload: { settings: '{"zoom":5}' } }),
    // SPEC §6: an unverified member may register/verify and ask support, nothing else.
    expect: verified(),
  },
  { route: 'GET /account/profile', expect: verified() },
  {
    route: 'PUT /account/profile',
    request: () => ({
      url: '/api/account/profile',
      payload: {
        name: 'Matrix Name',
        aboutMe: '',
        externalLink: '',
        subscriptions: { features: true, hints: false },
      },
    }),
    expect: verified(),
  },
  {
    route: 'POST /account/password',
    request: () => ({
      url: '/api/account/password',
      payload: { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD },
    }),
    expect: verified(),
  },
  // Before the upload row: that one replaces the owner's avatar (the URL is read at call time anyway).
  {
    route: 'GET /account/avatar/:id',
    request: async (context) => ({ url: await ownerAvatarUrl(context) }),
    expect: { visitor: 401, unverified: 403, verified: 200, other: 404, admin: 200 },
  },
  {
    route: 'POST /account/avatar',
    request: async () => {
      const upload = multipartImage('file', await smallPng());
      return { url: '/api/account/avatar', ...upload };
    },
    expect: verified(),
  },
  {
    route: 'POST /support/inquiry',
    request: () => ({ url: '/api/support/inquiry', payload: { message: 'Matrix inquiry' } }),
    expect: members(),
  },
];

/** Every row of every feature; append yours. */
export const authorizationMatrix: MatrixRow[] = [
  ...accountRows,
  ...libraryRows,
  ...galleryRows,
  ...tuneRows,
  ...shopRows,
  ...adminRows,
  ...adminContentRows,
  ...adminShopRows,
  ...exportRows,
];
export const matrixSetups: MatrixSetup[] = [
  accountSetup,
  librarySetup,
  gallerySetup,
  tuneSetup,
  shopSetup,
  adminSetup,
  adminContentSetup,
  adminShopSetup,
  exportSetup,
];

/** Routes outside the matrix on purpose (public infrastructure). */
export const MATRIX_EXEMPT_ROUTES = new Set(['GET /health']);
