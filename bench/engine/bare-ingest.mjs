// The baseline of the CLI bench: what `wiggle ingest FILE --out DIR` does, written with bare sharp in plain
// JavaScript (read, the o/p/t variants from three shrink-on-load pipelines, write, print JSON).
// Usage: node bare-ingest.mjs FILE DIR
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const [file, out] = process.argv.slice(2);
const bytes = await readFile(file);
const LIMIT = 5120;
const [o, p, t] = await Promise.all([
  sharp(bytes)
    .rotate()
    .resize({ width: LIMIT, height: LIMIT, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 90 })
    .toBuffer({ resolveWithObject: true }),
  sharp(bytes).rotate().resize({ width: 720, height: 720, fit: 'inside' }).jpeg({ quality: 82 }).toBuffer(),
  sharp(bytes).rotate().resize({ width: 180, height: 126, fit: 'cover' }).jpeg({ quality: 82 }).toBuffer(),
]);
await mkdir(out, { recursive: true });
await Promise.all([
  writeFile(join(out, 'o.jpg'), o.data),
  writeFile(join(out, 'p.jpg'), p),
  writeFile(join(out, 't.jpg'), t),
]);
console.log(JSON.stringify({ o: o.data.length, p: p.length, t: t.length, width: o.info.width }));
