import { Messages } from '@wiggle/common/messages';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';

/** A multipart body with one file field, as a browser sends it. */
function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----wiggle${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .jpeg()
    .toBuffer();

describe.each(testDialects())('profile, password and avatar on %s', (dialect) => {
  let t: TestApp;
  let member: TestMember;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    member = await registerMember(t.app, { name: 'Pro File' });
  });
  afterAll(async () => t?.close());

  const profileUpdate = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/account/profile', headers: bearer(token), payload });
  const uploadAvatar = async (token: string, data: Buffer, contentType = 'image/jpeg') => {
    const { payload, headers } = multipart('file', 'me.jpg', contentType, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
  };

  it('reads the profile with system subscription always on', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: bearer(member.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: member.id,
      name: 'Pro File',
      username: member.username,
      aboutMe: '',
      externalLink: '',
      subscriptions: { system: true, features: true, hints: true },
      avatar: null,
      isVerifiedEmail: true,
    });
  });

  it('updates the profile; system stays on even when sent off', async () => {
    const res = await profileUpdate(member.token, {
      name: 'New Name',
      aboutMe: 'I shoot stereo pairs.',
      externalLink: 'https://example.com/me',
      subscriptions: { system: false, features: false, hints: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New Name',
      aboutMe: 'I shoot stereo pairs.',
      externalLink: 'https://example.com/me',
      subscriptions: { system: true, features: false, hints: true },
    });
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: bearer(member.token),
    });
    expect(refresh.json().details.name).toBe('New Name');
  });

  it('refuses a name over 255 characters and a link that is not a URL', async () => {
    const res = await profileUpdate(member.token, {
      name: 'n'.repeat(256),
      externalLink: 'javascript:alert(1)',
      subscriptions: { features: true, hints: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: Messages.tooLong(255),
      externalLink: Messages.invalidUrl,
    });
    const unchanged = await t.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: bearer(member.token),
    });
    expect(unchanged.json().name).toBe('New Name');
  });

  it('changes the password only with the current one, keeping this session and ending the others', async () => {
    const other = await registerMember(t.app);
    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: other.username, password },
      });
    const secondSession = (await login(other.password)).json().token;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(other.token),
      payload: { currentPassword: 'Not-my-password1', password: 'Changed-pass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fields)).toEqual(['currentPassword']);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(other.token),
      payload: { currentPassword: other.password, password: 'weakweakweak' },
    });
    expect(weak.json().error.fields).toEqual({ password: Messages.passwordNeedsSpecial });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(other.token),
      payload: { currentPassword: other.password, password: 'Changed-pass1' },
    });
    expect(done.statusCode).toBe(200);
    const refresh = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(token) });
    expect((await refresh(other.token)).statusCode).toBe(200);
    expect((await refresh(secondSession)).statusCode).toBe(401);
    expect((await login(other.password)).statusCode).toBe(401);
    expect((await login('Changed-pass1')).statusCode).toBe(200);
  });

  it('stores an uploaded avatar as a square WebP of at most 256 px and serves it to its owner', async () => {
    const res = await uploadAvatar(member.token, await photo(800, 500));
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatch(/^\/api\/account\/avatar\/[A-Za-z0-9_-]{16,}$/);
    expect(avatar).not.toBe(`/api/account/avatar/${member.id}`);
    const image = await t.app.inject({ method: 'GET', url: avatar, headers: bearer(member.token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('max-age');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: bearer(member.token),
    });
    expect(refresh.json().details.avatar).toBe(avatar);

    // A second upload replaces the first, whose URL is gone.
    const next = (await uploadAvatar(member.token, await photo(100, 100))).json().avatar;
    expect(next).not.toBe(avatar);
    expect(
      (await t.app.inject({ method: 'GET', url: avatar, headers: bearer(member.token) })).statusCode,
    ).toBe(404);
    const small = await t.app.inject({ method: 'GET', url: next, headers: bearer(member.token) });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 100, height: 100 });
  });

  it('answers 404 for another member’s avatar id, a missing id and a user id; admins may see any', async () => {
    const owner = await registerMember(t.app);
    const avatar = (await uploadAvatar(owner.token, await photo(300, 300))).json().avatar as string;
    const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect((await get(avatar, member.token)).statusCode).toBe(404);
    expect((await get('/api/account/avatar/AAAAAAAAAAAAAAAAAAAAAA', owner.token)).statusCode).toBe(404);
    expect((await get(`/api/account/avatar/${owner.id}`, owner.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(401);
    const admin = await createAdmin(t.app);
    expect((await get(avatar, admin.token)).statusCode).toBe(200);
  });

  it('refuses a file that is not an image with 415 and a missing file with 400', async () => {
    const notImage = await uploadAvatar(member.token, Buffer.from('definitely not an image'), 'image/png');
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.code).toBe('not_an_image');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/account/avatar',
      headers: { ...bearer(member.token), 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('avatar size limit', () => {
  it('refuses a file over AVATAR_MAX_BYTES with 413 in the error format', async () => {
    const t = await createTestApp({ dialect: 'sqlite', env: { AVATAR_MAX_BYTES: '2000' } });
    try {
      const member = await registerMember(t.app);
      const big = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      const { payload, headers } = multipart('file', 'big.png', 'image/png', big);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/avatar',
        headers: { ...headers, ...bearer(member.token) },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('too_large');
    } finally {
      await t.close();
    }
  });
});
