import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError, BadRequest } from '../errors';
import { streamToFile } from '../stream-to-file';

/** What one multipart request may hold; the feature that receives it decides the numbers. */
export interface MultipartLimits {
  /** Bytes per file; a larger file is cut off and reported in its own `error`, the others are kept. */
  fileSize: number;
  files: number;
  fields: number;
  /** Bytes per text field. */
  fieldSize: number;
}

export interface ReceivedFile {
  /** The part's field name. */
  field: string;
  /** The client's file name without any folder, at most 240 characters ('' when it sent none). */
  filename: string;
  /** The temp file holding the whole file; absent when `error` says why it was not received. */
  path?: string;
  error?: string;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
  /** Removes every temp file of this request that is still there; call it when done with the files. */
  cleanup(): Promise<void>;
}

const MULTIPART_ONLY = 'The request must be multipart/form-data.';

/** The client went away mid-request: nobody is left to answer, and it is not the server's failure. */
export class ClientClosedRequest extends AppError {
  constructor() {
    super(400, 'client_closed_request', 'The request was cut off by the client.');
  }
}

const UPLOAD_SUFFIX = '.upload';
/** A temp file without a process id in its name is left from an older version; one this old is abandoned. */
const UNOWNED_UPLOAD_MAX_AGE_MS = 3_600_000;

/** Where a process whose data lives in `dataDir` receives uploads before they are ingested. */
export const uploadTempDir = (dataDir: string) => path.join(dataDir, 'tmp');

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp files of uploads whose process died mid-request (killed, crashed): each temp file is named
 * after the process receiving it, so files of processes still alive (another web process sharing DATA_DIR, or
 * this one) are never touched. Runs when a web process starts. Resolves to the number of files removed.
 */
export async function removeAbandonedUploads(tempDir: string, now = Date.now()): Promise<number> {
  const names = await readdir(tempDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith(UPLOAD_SUFFIX))) {
    const file = path.join(tempDir, name);
    const owner = /^(\d+)-/.exec(name);
    const abandoned = owner
      ? Number(owner[1]) !== process.pid && !processIsAlive(Number(owner[1]))
      : now - (await stat(file).catch(() => ({ mtimeMs: now }))).mtimeMs > UNOWNED_UPLOAD_MAX_AGE_MS;
    if (!abandoned) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

const formatMegabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 100) / 100);
const baseName = (filename: string | undefined) => (filename ?? '').split(/[\\/]/).pop()!.slice(0, 240);

/**
 * Receives a multipart/form-data request: text fields into `fields`, each file part of `fileFields` streamed to
 * its own temp file in `tempDir` (never whole in memory), other file parts drained. A malformed body (no boundary,
 * cut off, a part without a name, not multipart at all) is the client's fault: BadRequest with the reason, and
 * every temp file of the request is removed before it is thrown.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  options: { tempDir: string; limits: MultipartLimits; fileFields: readonly string[] },
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new BadRequest(MULTIPART_ONLY, undefined, 'not_multipart');
  await mkdir(options.tempDir, { recursive: true });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  const cleanup = async () => {
    await Promise.allSettled(files.map((file) => (file.path ? rm(file.path, { force: true }) : undefined)));
  };
  try {
    // throwFileSizeLimit is read per call at run time but missing from the call's type.
    const parts = request.parts({
      defParamCharset: 'utf8',
      limits: options.limits,
      throwFileSizeLimit: false,
    } as Parameters<typeof request.parts>[0]);
    for await (const part of parts) {
      if (!part.fieldname) {
        throw new BadRequest('Every part needs a name (Content-Disposition: form-data; name="...").');
      }
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!options.fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const file: ReceivedFile = {
        field: part.fieldname,
        filename: baseName(part.filename),
        path: path.join(options.tempDir, `${process.pid}-${randomUUID()}${UPLOAD_SUFFIX}`),
      };
      files.push(file);
      await streamToFile(part.file, file.path!);
      if (part.file.truncated) {
        await rm(file.path!, { force: true });
        delete file.path;
        file.error = `the file is larger than ${formatMegabytes(options.limits.fileSize)} MB.`;
      }
    }
  } catch (error) {
    await cleanup();
    throw asClientError(request, error);
  }
  return { fields, files, cleanup };
}

/** Busboy's and @fastify/multipart's failures of the body, in the error format; anything else unchanged. */
function asClientError(request: FastifyRequest, error: unknown): unknown {
  if (request.raw.readableAborted || request.raw.socket?.destroyed) return new ClientClosedRequest();
  if (error instanceof AppError) return error;
  const { code, message, statusCode } = error as { code?: string; message?: string; statusCode?: number };
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new BadRequest(MULTIPART_ONLY, undefined, 'not_multipart');
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) return error;
  if (/boundary/i.test(message ?? '')) {
    return new BadRequest('The multipart body has no boundary.', undefined, 'malformed_multipart');
  }
  if (/unexpected end|malformed|part terminated/i.test(message ?? '')) {
    return new BadRequest(
      'The multipart body is incomplete or malformed (it ended early, or a part is broken).',
      undefined,
      'malformed_multipart',
    );
  }
  return error;
}
