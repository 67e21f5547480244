import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isWiggleCreationComplete } from '@wiggle/common/enums';
import type { Original, UploadOriginalsResponse, WiggleStatus } from '@wiggle/common/schemas/library';
import { makeLayeredScene, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import { buildMpo } from '@wiggle/engine/testing/make-mpo';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Dialect } from '../../platform/db/columns';
import { bearer, createTestApp, type TestApp } from '../harness';

/** Test helpers of the library: real images made with sharp, multipart bodies, blob counting. */

export async function createLibraryTestApp(dialect: Dialect, env?: Record<string, string>): Promise<TestApp> {
  return createTestApp({ dialect, ...(env ? { env } : {}) });
}

/** A stereo pair of the engine's synthetic layered scene (objects at several depths), as JPEGs. */
export async function stereoPair(
  width = 480,
  height = 360,
  maxDisparity = 16,
): Promise<{ left: Buffer; right: Buffer }> {
  const scene = makeLayeredScene({ width, height, seed: 7, objects: 5, maxDisparity });
  const encode = (image: RawImage) =>
    sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
      .jpeg({ quality: 92 })
      .toBuffer();
  const [left, right] = await Promise.all([encode(renderView(scene, 0)), encode(renderView(scene, 1))]);
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

/** Uploads a 480x360 stereo pair (disparity up to 14 px) as left.jpg and right.jpg; the two originals. */
export async function uploadStereoPair(app: FastifyInstance, token: string): Promise<Original[]> {
  const pair = await stereoPair(480, 360, 14);
  const res = await upload(app, token, [
    { filename: 'left.jpg', bytes: pair.left },
    { filename: 'right.jpg', bytes: pair.right },
  ]);
  return res.json<UploadOriginalsResponse>().originals;
}

/**
 * Polls the status endpoint until the wiggle's creation has left New and is complete, or `timeoutMs` has passed;
 * returns the last status seen (the caller asserts on it).
 */
export async function waitForWiggleCreation(
  app: FastifyInstance,
  token: string,
  id: number,
  { timeoutMs, pollMs }: { timeoutMs: number; pollMs: number },
): Promise<WiggleStatus | undefined> {
  let status: WiggleStatus | undefined;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    status = (await api<WiggleStatus[]>(app, token, 'GET', `/api/library/wiggles/status?ids=${id}`)).body[0];
    if (
      status &&
      status.createStatus !== 'New' &&
      isWiggleCreationComplete(status.createStatus, status.iStatus)
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return status;
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
