import { randomBytes } from 'node:crypto';
import { createReadStream, open as openCallback } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { promisify } from 'node:util';
import { NotFound } from '../errors';
import { streamToFile } from '../stream-to-file';
import { assertValidBlobKey, assertValidBlobPrefix } from './blob-key';
import type { BlobInfo, BlobStore, ByteRange } from './blob-store';

const TEMP_SUFFIX = '.partial';
const openForReading = promisify(openCallback);

/** Blobs as files under `root` (DATA_DIR/blobs); a key maps to the same relative path. */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer | Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // Same directory as the target so the rename is atomic (same filesystem); readers see the old file or the whole new one.
    const temp = `${target}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    try {
      let size: number;
      if (Buffer.isBuffer(body)) {
        await writeFile(temp, body, { flush: true });
        size = body.length;
      } else {
        size = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            callback(null, chunk);
          },
        });
        await streamToFile(body, temp, { through: counter, flush: true });
      }
      await rename(temp, target);
      return { size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange, size?: number): Promise<Readable> {
    // Opening first turns a missing key into a rejected promise instead of a stream that errors later. The stream
    // reads through the callback API on that descriptor (and closes it): the FileHandle's promise reads cost more
    // per chunk, which shows in media throughput. With the size known, the stream reads exactly the object: a small
    // one in one read into a buffer of its size, instead of a 64 KB buffer and a second read that finds the end.
    const path = this.pathOf(key);
    const bytes = range ?? (size ? { start: 0, end: size - 1 } : undefined);
    try {
      const fd = await openForReading(path, 'r');
      return createReadStream(path, { fd, ...(bytes ? { start: bytes.start, end: bytes.end } : {}) });
    } catch (error) {
      throw missingAsNotFound(error);
    }
  }

  async getBuffer(key: string): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      throw missingAsNotFound(error);
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (info?.isFile()) await rm(path, { force: true });
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    for await (const info of this.walk(prefix)) if (!info.key.endsWith(TEMP_SUFFIX)) yield info;
  }

  async *listUnfinished(): AsyncIterable<BlobInfo> {
    for await (const info of this.walk('')) if (info.key.endsWith(TEMP_SUFFIX)) yield info;
  }

  async discardUnfinished(key: string): Promise<void> {
    assertValidBlobKey(key);
    if (!key.endsWith(TEMP_SUFFIX)) throw new Error(`Not an unfinished write: ${JSON.stringify(key)}`);
    await rm(join(this.root, ...key.split('/')), { force: true });
  }

  /** Every file under the folder `prefix` names, temporary ones included, as keys relative to the root. */
  private async *walk(prefix: string): AsyncIterable<BlobInfo> {
    if (prefix !== '') assertValidBlobPrefix(prefix);
    // Walk only the deepest folder the prefix names fully; the rest of it filters names like a string prefix.
    const cut = prefix.lastIndexOf('/');
    const base = cut < 0 ? '' : prefix.slice(0, cut);
    const entries = await readdir(join(this.root, ...base.split('/').filter(Boolean)), {
      recursive: true,
      withFileTypes: true,
    }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(join(entry.parentPath, entry.name)).catch(() => null);
      if (info) yield { key, size: info.size, modifiedAt: info.mtime };
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidBlobPrefix(prefix);
    const cut = prefix.lastIndexOf('/');
    const directory = cut < 0 ? this.root : join(this.root, prefix.slice(0, cut));
    const namePrefix = prefix.slice(cut + 1);
    if (namePrefix === '') {
      await rm(directory, { recursive: true, force: true });
      return;
    }
    // A prefix ending mid-name ('originals/4') matches siblings ('originals/42/...'), as it does on S3.
    const entries = await readdir(directory).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    await Promise.all(
      entries
        .filter((entry) => entry.startsWith(namePrefix))
        .map((entry) => rm(join(directory, entry), { recursive: true, force: true })),
    );
  }

  async close(): Promise<void> {}

  private pathOf(key: string): string {
    assertValidBlobKey(key);
    if (key.endsWith(TEMP_SUFFIX)) throw new Error(`Invalid blob key: ${JSON.stringify(key)}`);
    return join(this.root, ...key.split('/'));
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

function missingAsNotFound(error: unknown): unknown {
  return isMissing(error) ? new NotFound() : error;
}
