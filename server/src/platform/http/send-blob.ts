import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore, ByteRange } from '../blobs/blob-store';
import { type BlobEntry, immutableBlob } from '../blobs/immutable-blob-cache';
import { NotFound } from '../errors';

/** A URL of member media only ever shows one object, except when a creation re-runs, which the ETag catches. */
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * Sends one blob as the best static servers do: a strong ETag (size and modification time) answered by 304 on
 * If-None-Match, a single byte range as 206 (416 when it lies beyond the end), Content-Length always, and the
 * bytes streamed from the store, never held whole in memory. Every media route calls it once it has checked
 * that the member may see `key`.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  contentType: string,
  /** Private media (the default) need a session: browsers may keep them, shared caches never. */
  cacheControl = PRIVATE_IMMUTABLE,
  /** `immutable`: the key's content never changes once written, so a small object may come from memory (immutableBlob). */
  { immutable = false }: { immutable?: boolean } = {},
): Promise<FastifyReply> {
  const stat: BlobEntry | null = immutable ? await immutableBlob(blobs, key) : await blobs.stat(key);
  if (!stat) throw new NotFound();
  const etag = `"${stat.size.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`;
  reply
    .header('Cache-Control', cacheControl)
    .header('ETag', etag)
    .header('Vary', 'Authorization, Cookie')
    .header('Accept-Ranges', 'bytes');
  if (matchesAny(request.headers['if-none-match'], etag)) return reply.code(304).send();

  reply.header('Content-Type', contentType);
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, stat.size) : undefined;
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${stat.size}`).send();
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', range.end - range.start + 1);
  } else {
    reply.header('Content-Length', stat.size);
  }
  // Fastify's HEAD route would put Content-Length: 0 on an empty reply; an empty stream keeps the object's length.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));
  if (stat.bytes) return reply.send(range ? stat.bytes.subarray(range.start, range.end + 1) : stat.bytes);
  return reply.send(await blobs.get(key, range, stat.size));
}

/** If-None-Match: '*' or a list of tags; weak tags compare by their opaque part (RFC 9110 §13.1.2). */
function matchesAny(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * One byte range of a `Range` header, clipped to the object; undefined when the header is absent, malformed or
 * asks for several ranges (the whole object is then sent, as RFC 9110 §14.2 allows), 'unsatisfiable' when it
 * starts past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header ? SINGLE_RANGE.exec(header.replace(/\s+/g, '')) : null;
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
