import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../blobs/blob-store';
import { NotFound } from '../errors';

/** Media never changes under a URL except when a creation re-runs, which the ETag (size + time) catches. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Sends one blob as a member's private media, with an ETag and 304 on a match; a missing blob is NotFound. */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  contentType: string,
) {
  const stat = await blobs.stat(key);
  if (!stat) throw new NotFound();
  const etag = `"${stat.size.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`;
  reply.header('Cache-Control', CACHE_CONTROL).header('ETag', etag).header('Vary', 'Authorization, Cookie');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('Content-Type', contentType).header('Content-Length', stat.size);
  return reply.send(await blobs.get(key));
}
