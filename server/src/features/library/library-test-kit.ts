import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { buildMpo } from '@wiggle/engine/testing/make-mpo';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Dialect } from '../../platform/db/columns';
import { bearer, createTestApp, type TestApp } from '../../test/harness';

/** Test helpers of the library: real images made with sharp, multipart bodies, blob counting. */

export async function createLibraryTestApp(dialect: Dialect, env?: Record<string, string>): Promise<TestApp> {
  return createTestApp({ dialect, ...(env ? { env } : {}) });
}

/** A deterministic textured scene; `shift` px of horizontal parallax between the two views. */
export async function stereoPair(
  width = 480,
  height = 360,
  shift = 12,
): Promise<{ left: Buffer; right: Buffer }> {
  const full = width + shift;
  const data = Buffer.alloc(full * height * 3);
  let seed = 12345;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const cell = 6;
  const cols = Math.ceil(full / cell);
  const cells = Array.from({ length: cols * Math.ceil(height / cell) }, () => [random(), random(), random()]);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < full; x++) {
      const c = cells[Math.floor(y / cell) * cols + Math.floor(x / cell)]!;
      const i = (y * full + x) * 3;
      data[i] = Math.round(c[0]! * 200 + (x / full) * 55);
      data[i + 1] = Math.round(c[1]! * 200 + (y / height) * 55);
      data[i + 2] = Math.round(c[2]! * 255);
    }
  }
  const raw = { raw: { width: full, height, channels: 3 as const } };
  const [left, right] = await Promise.all([
    sharp(data, raw).extract({ left: shift, top: 0, width, height }).jpeg({ quality: 92 }).toBuffer(),
    sharp(data, raw).extract({ left: 0, top: 0, width, height }).jpeg({ quality: 92 }).toBuffer(),
  ]);
  return { left, right };
}

export const solidJpeg = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 80, b: 40 } } })
    .jpeg()
    .toBuffer();
export const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 80, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
export async function mpoOf(left: Buffer, right: Buffer) {
  return buildMpo([left, right]);
}

export interface UploadPart {
  name: string;
  value: Buffer | string;
  filename?: string;
}

export function multipart(parts: UploadPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----library${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  app: FastifyInstance,
  token: string,
  files: Array<{ filename: string; bytes: Buffer }>,
  fields: Record<string, string> = {},
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files.map((f) => ({ name: 'file', value: f.bytes, filename: f.filename })),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/library/originals',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

/** Every file under DATA_DIR/blobs (the local blob store), relative. */
export async function blobFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.platform.config.DATA_DIR, 'blobs');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

export async function api<T = unknown>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: (res.body ? res.json() : undefined) as T };
}
