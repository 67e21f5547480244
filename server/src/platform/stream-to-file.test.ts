import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { streamToFile } from './stream-to-file';

const dir = mkdtempSync(join(tmpdir(), 'stream-to-file-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A source that yields two MiB, then fails like a client that dropped its upload. */
function failingAfterTwoMegabytes(): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 2) {
        this.destroy(new Error('client went away'));
        return;
      }
      sent += 1;
      this.push(randomBytes(1024 * 1024));
    },
  });
}

describe('streamToFile', () => {
  it('writes the source through the transform', async () => {
    const path = join(dir, 'ok.txt');
    const upper = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        callback(null, chunk.toString().toUpperCase());
      },
    });
    await streamToFile(Readable.from([Buffer.from('wig'), Buffer.from('gle')]), path, { through: upper });
    expect(await readFile(path, 'utf8')).toBe('WIGGLE');
  });

  it('rejects only once the file is closed, so removing it then leaves nothing behind', async () => {
    // As a blob upload writes (counted, flushed): without the wait, the pipeline rejected before the file was open
    // in about one case in nine.
    for (let k = 0; k < 40; k++) {
      const path = join(dir, `failed-${k}.partial`);
      const through = new Transform({ transform: (chunk, _encoding, callback) => callback(null, chunk) });
      await expect(streamToFile(failingAfterTwoMegabytes(), path, { through, flush: true })).rejects.toThrow(
        'client went away',
      );
      // The open has completed (the file is there to remove) and nothing writes it afterwards.
      expect(existsSync(path)).toBe(true);
      await rm(path, { force: true });
      await sleep(20);
      expect(existsSync(path)).toBe(false);
    }
  });
});
