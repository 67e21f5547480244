import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer } from '../../test/blobs/s3-test-server';
import type { BlobStore } from '../blobs/blob-store';
import { LocalBlobStore } from '../blobs/local-blob-store';
import { S3BlobStore } from '../blobs/s3-blob-store';
import { installErrorHandler } from './error-handler';
import { parseRange, sendBlob } from './send-blob';

const BYTES = randomBytes(300_000);
const KEY = 'originals/1/o.jpg';

/** The same HTTP answers from both drivers: one route that sends KEY through sendBlob. */
function describeMediaOver(
  driver: string,
  open: () => Promise<{ blobs: BlobStore; close(): Promise<void> }>,
) {
  // The same answers whether the bytes come from the store or, for an immutable key, from memory.
  describe.each([false, true])(`sendBlob over ${driver}, immutable %s`, (immutable) => {
    let app: FastifyInstance;
    let store: { blobs: BlobStore; close(): Promise<void> };
    beforeAll(async () => {
      store = await open();
      await store.blobs.put(KEY, BYTES);
      app = Fastify();
      installErrorHandler(app);
      app.get('/media/:name', async (request, reply) => {
        const { name } = request.params as { name: string };
        return sendBlob(
          request,
          reply,
          store.blobs,
          name === 'missing' ? 'nothing/here.jpg' : KEY,
          'image/jpeg',
          undefined,
          { immutable },
        );
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await store?.close();
    });
    const get = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/media/o', headers });

    it('sends the whole object with its length, a strong ETag, private caching and Accept-Ranges', async () => {
      const res = await get();
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(BYTES)).toBe(true);
      expect(res.headers['content-length']).toBe(String(BYTES.length));
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(res.headers['accept-ranges']).toBe('bytes');
    });

    it('answers HEAD with the headers of the GET and no body', async () => {
      const res = await app.inject({ method: 'HEAD', url: '/media/o' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(BYTES.length));
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(res.rawPayload.length).toBe(0);
    });

    it('answers 304 without a body to a matching If-None-Match (also in a list, also weak), 200 otherwise', async () => {
      const etag = String((await get()).headers.etag);
      for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
        const res = await get({ 'if-none-match': header });
        expect(res.statusCode).toBe(304);
        expect(res.rawPayload.length).toBe(0);
        expect(res.headers.etag).toBe(etag);
      }
      expect((await get({ 'if-none-match': '"stale-1"' })).statusCode).toBe(200);
    });

    it('answers a byte range with 206, Content-Range and exactly those bytes', async () => {
      const res = await get({ range: 'bytes=1000-1999' });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes 1000-1999/${BYTES.length}`);
      expect(res.headers['content-length']).toBe('1000');
      expect(res.rawPayload.equals(BYTES.subarray(1000, 2000))).toBe(true);
      const tail = await get({ range: 'bytes=-500' });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(BYTES.subarray(BYTES.length - 500))).toBe(true);
      const open = await get({ range: 'bytes=299990-' });
      expect(open.headers['content-range']).toBe(`bytes 299990-299999/${BYTES.length}`);
      expect(open.rawPayload.equals(BYTES.subarray(299_990))).toBe(true);
    });

    it('answers 416 with the size to a range past the end, and the whole object to a stale If-Range', async () => {
      const res = await get({ range: `bytes=${BYTES.length}-` });
      expect(res.statusCode).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${BYTES.length}`);
      const stale = await get({ range: 'bytes=0-9', 'if-range': '"stale-1"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.length).toBe(BYTES.length);
      const etag = String((await get()).headers.etag);
      expect((await get({ range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    });

    it('answers 404 in the error format for a missing key', async () => {
      const res = await app.inject({ method: 'GET', url: '/media/missing' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });
  });
}

describeMediaOver('local disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'wiggle-media-'));
  const blobs = new LocalBlobStore(root);
  return { blobs, close: () => rm(root, { recursive: true, force: true }) };
});

describeMediaOver('S3 (s3rver)', async () => {
  const server = await startS3TestServer();
  const blobs = new S3BlobStore(server.settings);
  return {
    blobs,
    async close() {
      await blobs.close();
      await server.close();
    },
  };
});

describe('parseRange', () => {
  it('reads one range, clips it to the size, and ignores what it cannot use', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-2000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const ignored of [undefined, '', 'bytes=', 'bytes=5-1', 'items=0-1', 'bytes=0-1,5-9', 'bytes=a-b']) {
      expect(parseRange(ignored, 1000)).toBeUndefined();
    }
  });
});
