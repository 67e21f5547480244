import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** A zip entry from bytes already in memory, or opened lazily as a stream (e.g. from the blob store). */
export type ZipEntry = { name: string; data: Uint8Array } | { name: string; open: () => Promise<Readable> };

/**
 * A zip of the given files as a stream: entries are written one after another and lazily opened, so an album's
 * worth of frames never sits in memory at once. Images are stored, not deflated: WebP/JPEG do not compress.
 */
export function zipFrames(entries: readonly ZipEntry[], options: { mtime?: Date } = {}): Readable {
  const zip = new ZipFile();
  const fileOptions = { compress: false, mtime: options.mtime ?? new Date() };
  for (const entry of entries) {
    if ('data' in entry) {
      zip.addBuffer(
        Buffer.from(entry.data.buffer, entry.data.byteOffset, entry.data.byteLength),
        entry.name,
        fileOptions,
      );
    } else {
      zip.addReadStreamLazy(entry.name, fileOptions, (callback) => {
        entry.open().then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as unknown as Readable),
        );
      });
    }
  }
  zip.end();
  return zip.outputStream as Readable;
}
