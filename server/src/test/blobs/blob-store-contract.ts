import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { NotFound } from '../../platform/errors';

/** The behaviour every BlobStore driver must share; each driver's test file runs it against a real backend. */
export function describeBlobStoreContract(driver: string, open: () => Promise<BlobStore>): void {
  describe(`BlobStore contract (${driver})`, () => {
    let store: BlobStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    it('stores a buffer and reads it back whole, as a buffer and as a stream', async () => {
      const bytes = randomBytes(70_000);
      await expect(store.put('originals/1/o.jpg', bytes, { contentType: 'image/jpeg' })).resolves.toEqual({
        size: bytes.length,
      });
      expect((await store.getBuffer('originals/1/o.jpg')).equals(bytes)).toBe(true);
      expect((await collect(await store.get('originals/1/o.jpg'))).equals(bytes)).toBe(true);
      // With the size the caller just read (sendBlob's stat), the whole object still, no byte more or less.
      const sized = await collect(await store.get('originals/1/o.jpg', undefined, bytes.length));
      expect(sized.equals(bytes)).toBe(true);
      const info = await store.stat('originals/1/o.jpg');
      expect(info?.size).toBe(bytes.length);
      expect(info?.modifiedAt).toBeInstanceOf(Date);
      expect(Math.abs(Date.now() - (info?.modifiedAt.getTime() ?? 0))).toBeLessThan(60_000);
    });

    it('streams a large body in chunks (multipart on S3) and counts its size', async () => {
      const chunks = Array.from({ length: 11 }, () => randomBytes(1024 * 1024));
      const result = await store.put('originals/2/o.jpg', Readable.from(chunks));
      expect(result.size).toBe(11 * 1024 * 1024);
      const back = await collect(await store.get('originals/2/o.jpg'));
      expect(back.equals(Buffer.concat(chunks))).toBe(true);
    });

    it('streams byte ranges: a middle, the first bytes, the last bytes of a multi-megabyte object', async () => {
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      await store.put('originals/6/o.jpg', bytes);
      const read = async (start: number, end: number) =>
        collect(await store.get('originals/6/o.jpg', { start, end }));
      expect((await read(1_000_000, 2_500_000)).equals(bytes.subarray(1_000_000, 2_500_001))).toBe(true);
      expect((await read(0, 1)).equals(bytes.subarray(0, 2))).toBe(true);
      const last = bytes.length - 1;
      expect((await read(last - 9, last)).equals(bytes.subarray(last - 9))).toBe(true);
      await expect(store.get('nothing/here.jpg', { start: 0, end: 9 })).rejects.toBeInstanceOf(NotFound);
    });

    it('replaces an existing key', async () => {
      await store.put('wiggles/3/left-f.webp', Buffer.from('first version'));
      await store.put('wiggles/3/left-f.webp', Buffer.from('second'));
      expect((await store.getBuffer('wiggles/3/left-f.webp')).toString()).toBe('second');
      expect((await store.stat('wiggles/3/left-f.webp'))?.size).toBe(6);
    });

    it('answers NotFound for a missing key and null from stat; deleting a missing key is fine', async () => {
      await expect(store.get('nothing/here.jpg')).rejects.toBeInstanceOf(NotFound);
      await expect(store.getBuffer('nothing/here.jpg')).rejects.toBeInstanceOf(NotFound);
      await expect(store.stat('nothing/here.jpg')).resolves.toBeNull();
      await expect(store.delete('nothing/here.jpg')).resolves.toBeUndefined();
    });

    it('shows a streamed object only once it is whole', async () => {
      await store.put('originals/4/o.jpg', Buffer.from('old'));
      const replacing = new PassThrough();
      const creating = new PassThrough();
      const writes = [store.put('originals/4/o.jpg', replacing), store.put('originals/5/o.jpg', creating)];
      replacing.write(randomBytes(512 * 1024));
      creating.write(randomBytes(512 * 1024));
      await sleep(100);
      expect((await store.getBuffer('originals/4/o.jpg')).toString()).toBe('old');
      await expect(store.stat('originals/5/o.jpg')).resolves.toBeNull();
      replacing.end(randomBytes(1024));
      creating.end();
      await Promise.all(writes);
      expect((await store.stat('originals/4/o.jpg'))?.size).toBe(512 * 1024 + 1024);
      expect((await store.stat('originals/5/o.jpg'))?.size).toBe(512 * 1024);
    });

    it('leaves nothing behind when the body fails midway, and keeps the previous version', async () => {
      await store.put('originals/6/o.jpg', Buffer.from('previous'));
      await expect(store.put('originals/6/o.jpg', failingStream(3))).rejects.toThrow('source broke');
      expect((await store.getBuffer('originals/6/o.jpg')).toString()).toBe('previous');
      // Past the first 8 MiB part, so S3 has started a multipart upload that must be aborted.
      await expect(store.put('originals/7/o.jpg', failingStream(10))).rejects.toThrow('source broke');
      await expect(store.stat('originals/7/o.jpg')).resolves.toBeNull();
    });

    it('deletes one key', async () => {
      await store.put('originals/8/o.jpg', Buffer.from('x'));
      await store.put('originals/8/p.jpg', Buffer.from('y'));
      await store.delete('originals/8/o.jpg');
      await expect(store.stat('originals/8/o.jpg')).resolves.toBeNull();
      expect((await store.getBuffer('originals/8/p.jpg')).toString()).toBe('y');
    });

    it('deletes every key under a prefix and nothing else', async () => {
      const doomed = Array.from({ length: 23 }, (_, i) => `purge/42/${i % 3 === 0 ? 'sub/' : ''}f${i}.webp`);
      const kept = ['purge/420/o.jpg', 'purge/4200.jpg', 'other/42/o.jpg'];
      for (const key of [...doomed, ...kept]) await store.put(key, Buffer.from(key));
      await store.deletePrefix('purge/42/');
      for (const key of doomed) await expect(store.stat(key)).resolves.toBeNull();
      for (const key of kept) expect((await store.getBuffer(key)).toString()).toBe(key);
      // A prefix that ends mid-name matches like a string prefix, as S3 does.
      await store.deletePrefix('purge/42');
      await expect(store.stat('purge/420/o.jpg')).resolves.toBeNull();
      await expect(store.stat('purge/4200.jpg')).resolves.toBeNull();
      expect((await store.getBuffer('other/42/o.jpg')).toString()).toBe('other/42/o.jpg');
      await expect(store.deletePrefix('never/used/')).resolves.toBeUndefined();
    });

    it('lists every whole key under a prefix, with size and time, across pages', async () => {
      const keys = Array.from({ length: 25 }, (_, i) => `listed/7/${i % 4 === 0 ? 'deep/er/' : ''}k${i}.bin`);
      for (const key of keys) await store.put(key, Buffer.from(key));
      await store.put('listed/70/other.bin', Buffer.from('x'));
      const listed = async (prefix: string) => {
        const found = [];
        for await (const info of store.list(prefix)) found.push(info);
        return found;
      };
      const under = await listed('listed/7/');
      expect(under.map((i) => i.key).sort()).toEqual([...keys].sort());
      for (const info of under) {
        expect(info.size).toBe(Buffer.byteLength(info.key));
        expect(info.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
      }
      expect((await listed('listed/7')).map((i) => i.key)).toContain('listed/70/other.bin');
      expect((await listed('')).map((i) => i.key)).toEqual(
        expect.arrayContaining([...keys, 'listed/70/other.bin']),
      );
      expect(await listed('never/listed/')).toEqual([]);
      await store.deletePrefix('listed/');
    });

    it('refuses keys that could escape the store', async () => {
      for (const key of ['../secret', 'a/../../b', '/etc/passwd', 'a//b', 'a/./b', '', 'a\\b', 'a/']) {
        await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid blob key/);
        await expect(store.getBuffer(key), key).rejects.toThrow(/Invalid blob key/);
      }
      await expect(store.deletePrefix('')).rejects.toThrow(/Invalid blob prefix/);
      await expect(store.deletePrefix('../')).rejects.toThrow(/Invalid blob prefix/);
    });
  });
}

/** Yields `megabytes` MiB, then errors like a client that dropped its upload. */
export function failingStream(megabytes: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === megabytes) {
        this.destroy(new Error('source broke'));
        return;
      }
      sent += 1;
      this.push(randomBytes(1024 * 1024));
    },
  });
}

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
