import type { BlobStore } from './blob-store';

/** What sendBlob needs of an object: its size and time (the ETag) and, when small, its bytes. */
export interface BlobEntry {
  size: number;
  modifiedAt: Date;
  bytes?: Buffer;
}

/** How much is kept per process: objects up to `maxObjectBytes` (larger ones are streamed from the store each time), `maxTotalBytes` in all. */
export interface CacheLimits {
  maxObjectBytes: number;
  maxTotalBytes: number;
}

const DEFAULT_LIMITS: CacheLimits = { maxObjectBytes: 512 * 1024, maxTotalBytes: 64 * 1024 * 1024 };

interface Kept {
  entries: Map<string, BlobEntry & { bytes: Buffer }>;
  bytes: number;
}

/**
 * Small objects under keys whose content never changes once written (a gallery wiggle's frames and previews: every
 * key carries the wiggle's random prefix, and a variant is written whole, once, under its own key), kept in memory
 * so that public media cost no store round trip: on local disk a stat, an open, a read and a close, each through
 * libuv's thread pool, cost more than the rest of the request; on S3 each is a request. Access is checked before,
 * on every request, so a blocked or deleted wiggle's bytes are never served from here. Bounded, least recently used
 * first out, per store. Never use it for a key that may be rewritten.
 */
export function immutableBlobCache({ maxObjectBytes, maxTotalBytes }: CacheLimits = DEFAULT_LIMITS) {
  const keptByStore = new WeakMap<BlobStore, Kept>();
  /** The object's size and time, with its bytes when it is small; null when there is no such object. */
  return async (blobs: BlobStore, key: string): Promise<BlobEntry | null> => {
    let kept = keptByStore.get(blobs);
    if (!kept) {
      kept = { entries: new Map(), bytes: 0 };
      keptByStore.set(blobs, kept);
    }
    const hit = kept.entries.get(key);
    if (hit) {
      kept.entries.delete(key);
      kept.entries.set(key, hit);
      return hit;
    }
    const stat = await blobs.stat(key);
    if (!stat || stat.size > maxObjectBytes) return stat;
    const bytes = await blobs.getBuffer(key);
    if (bytes.length !== stat.size) return stat;
    const entry = { size: stat.size, modifiedAt: stat.modifiedAt, bytes };
    if (!kept.entries.has(key)) {
      kept.entries.set(key, entry);
      kept.bytes += bytes.length;
    }
    for (const [oldest, value] of kept.entries) {
      if (kept.bytes <= maxTotalBytes) break;
      kept.entries.delete(oldest);
      kept.bytes -= value.bytes.length;
    }
    return entry;
  };
}

/** The process's cache, for sendBlob. */
export const immutableBlob = immutableBlobCache();
