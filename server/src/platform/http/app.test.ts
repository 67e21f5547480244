import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Messages } from '@wiggle/common/messages';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, testDialects } from '../../test/harness';
import { Conflict } from '../errors';
import { logSerializers } from './log-serializers';

describe.each(testDialects())('app platform on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      beforeReady: (app) => {
        app.get('/api/test/crash', async () => {
          throw new Error('secret internals: password=hunter2 at /srv/app.ts:12');
        });
        app.get('/api/test/conflict', async () => {
          throw new Conflict('Taken.', { name: 'Taken.' });
        });
        app.post(
          '/api/test/echo',
          {
            schema: {
              body: z.object({ nested: z.object({ count: z.number().int().max(3, 'At most 3.') }) }),
            },
          },
          async (request) => request.body,
        );
      },
    });
  });
  afterAll(async () => t?.close());

  it('answers /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown /api routes with 404 in the error format', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
    }
  });

  it('answers a 500 without internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: Messages.generic } });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('app.ts');
  });

  it('maps typed errors to their status, code and fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'conflict', message: 'Taken.', fields: { name: 'Taken.' } },
    });
  });

  it('answers validation errors with 400 and the schema message per field path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { nested: { count: 9 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation', message: 'At most 3.', fields: { 'nested.count': 'At most 3.' } },
    });
  });

  it('answers malformed JSON with 400 in the error format', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"nested":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_json');
    expect(res.json().error.message).toEqual(expect.any(String));
  });

  it("answers the framework's body refusals in the app's codes, never naming the framework", async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload });
    const empty = await post({ 'content-type': 'application/json' }, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('invalid_json');
    const form = await post({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1');
    expect(form.statusCode).toBe(415);
    expect(form.json().error).toEqual({
      code: 'unsupported_media_type',
      message: 'This content type is not accepted here.',
    });
    for (const res of [empty, form]) expect(JSON.stringify(res.json())).not.toMatch(/fst_|fastify/i);
  });

  it('refuses a JSON body that is not valid UTF-8 with 400, rather than storing replacement characters', async () => {
    // {"nested":{"count":1},"x":"<0xff 0xfe>"}: the bytes 0xff 0xfe can begin no UTF-8 character.
    const payload = Buffer.concat([
      Buffer.from('{"nested":{"count":1},"x":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid_json', message: 'The body is not valid UTF-8.' });
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from('{"nested":{"count":1},"x":"é ✓"}'),
    });
    expect(fine.statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain('img-src');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document with the account routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/account/register', '/api/support/inquiry']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'wiggle-dist-'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Wiggle</title><div id="root"></div>',
    );
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({ dialect: 'sqlite', env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for client routes, and keeps /api 404s as JSON', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/library/', '/account/reset/abc/123456']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    const post = await t.app.inject({ method: 'POST', url: '/library/' });
    expect(post.statusCode).toBe(404);
  });
});

describe('the built web app, precompressed', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'wiggle-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await fs.writeFile(path.join(dist, 'index.html.br'), 'brotli index');
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js.br'), 'brotli bytes');
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js.gz'), 'gzip bytes');
    t = await createTestApp({ dialect: 'sqlite', env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli or gzip file by Accept-Encoding, the plain file otherwise, always with Vary', async () => {
    const cases = [
      ['br, gzip, deflate', 'br', 'brotli bytes'],
      ['gzip, deflate', 'gzip', 'gzip bytes'],
      ['identity', undefined, 'console.log(1)'],
      [undefined, undefined, 'console.log(1)'],
    ] as const;
    for (const [accept, encoding, body] of cases) {
      const res = await get('/assets/app-1234.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.body).toBe(body);
      expect(res.headers['content-type']).toContain('javascript');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never caches index.html, compressed or not, nor the SPA fallback of client routes', async () => {
    for (const url of ['/', '/library/', '/auth/login']) {
      const br = await get(url, 'br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers['content-type']).toContain('text/html');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body).toBe('brotli index');
      // No gzip copy of index.html here: the plain file is sent.
      const gzip = await get(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBeUndefined();
      expect(gzip.body).toContain('<div id="root">');
      expect(gzip.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe('request logs', () => {
  it('never contain the token and code of mailed links', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ level: 'info', serializers: logSerializers }, sink) });
    app.get('/*', async () => 'page');
    await app.inject({ url: '/account/reset/SECRETTOKEN/654321' });
    await app.inject({ url: '/account/register/123456' });
    await app.inject({ url: '/library/' });
    await app.close();
    const log = lines.join('');
    expect(log).not.toContain('SECRETTOKEN');
    expect(log).not.toContain('654321');
    expect(log).not.toContain('123456');
    expect(log).toContain('/account/reset/[redacted]');
    expect(log).toContain('/library/');
  });
});
