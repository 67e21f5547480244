import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live: local disk by default, an S3-compatible bucket when `S3_*` is set (DESIGN.md §4).
 * Keys are '/'-separated relative paths chosen by the features (e.g. `originals/42/o.jpg`); a store never
 * interprets them. Missing keys: `get`/`getBuffer` reject with a NotFound AppError, `stat` resolves null.
 */
export interface BlobInfo {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface BlobStore {
  /** Streams or writes `body` under `key`; the object appears whole or not at all (temp file/rename, multipart upload). */
  put(key: string, body: Buffer | Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /**
   * Streams the object, or only `range` of it; the stream never holds the whole object in memory. `size`, when the
   * caller has just read it (stat), lets a store read exactly that many bytes instead of reading on to find the end.
   */
  get(key: string, range?: ByteRange, size?: number): Promise<Readable>;
  getBuffer(key: string): Promise<Buffer>;
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  delete(key: string): Promise<void>;
  /**
   * Every stored key that starts with `prefix` ('' = all), with its size and time, in no particular order (used by
   * the storage check). A write in progress is not listed until it is whole.
   */
  list(prefix: string): AsyncIterable<BlobInfo>;
  /**
   * Writes that never finished (a process killed in the middle of a `put`), for the storage check to report and
   * clear. The local store lists its temporary files; an S3 bucket keeps an unfinished multipart upload out of
   * sight and clears it with a lifecycle rule (AbortIncompleteMultipartUpload, see the README), so it lists none.
   */
  listUnfinished?(): AsyncIterable<BlobInfo>;
  /** Removes one unfinished write that `listUnfinished` gave. */
  discardUnfinished?(key: string): Promise<void>;
  /** Deletes every key that starts with `prefix` (used by purge). */
  deletePrefix(prefix: string): Promise<void>;
  close(): Promise<void>;
}
