/**
 * Upload throughput: 20 JPEGs of 12 MP through POST /api/library/originals on a real listening server (embedded
 * default), one file per request as the web client sends them and all 20 in one request, side by side with
 * writing the same bytes to disk (fsync'd). Prints figures; never pass/fail.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { texturedJpeg } from '../engine/fixtures/textured-jpeg';
import { fmt, mb, startBenchServer } from './bench-server';

const FILES = 20;
const { bytes } = await texturedJpeg(4000, 3000);
const total = bytes.length * FILES;
console.log(`input: ${FILES} x ${fmt(mb(bytes.length), 2)} MB JPEG, 4000x3000 (12 MP)`);

const server = await startBenchServer();
try {
  const post = async (count: number) => {
    const form = new FormData();
    for (let i = 0; i < count; i++)
      form.append('file', new Blob([bytes], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    const res = await fetch(`${server.url}/api/library/originals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
      body: form,
    });
    const body = (await res.json()) as { originals: unknown[]; errors: unknown[] };
    if (!res.ok || body.originals.length !== count) throw new Error(`upload failed: ${res.status}`);
  };

  await post(1); // warm-up: worker thread start, first sharp use
  let start = performance.now();
  for (let i = 0; i < FILES; i++) await post(1);
  let seconds = (performance.now() - start) / 1000;
  console.log(
    `upload, one file per request: ${fmt(seconds, 2)} s, ${fmt(FILES / seconds, 2)} files/s, ${fmt(mb(total) / seconds)} MB/s`,
  );

  start = performance.now();
  await post(FILES);
  seconds = (performance.now() - start) / 1000;
  console.log(
    `upload, ${FILES} files in one request: ${fmt(seconds, 2)} s, ${fmt(FILES / seconds, 2)} files/s, ${fmt(mb(total) / seconds)} MB/s`,
  );

  start = performance.now();
  for (let i = 0; i < FILES; i++) {
    const file = await open(path.join(server.dataDir, `disk-${i}.jpg`), 'w');
    await file.writeFile(bytes);
    await file.sync();
    await file.close();
  }
  seconds = (performance.now() - start) / 1000;
  console.log(
    `write same bytes to disk (fsync): ${fmt(seconds, 3)} s, ${fmt(FILES / seconds)} files/s, ${fmt(mb(total) / seconds)} MB/s`,
  );
} finally {
  await server.close();
}
