import { API_ORIGIN, API_PREFIX } from './config';

/** The server's error format (DESIGN.md §4). */
export interface ServerError {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/**
 * A failed call (SPEC §8): the HTTP status, the parsed JSON body and the server's error.
 * Status -1 means the network failed or the answer could not be parsed (an empty success body included).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly error: ServerError | null;

  constructor(status: number, body: unknown, cause?: unknown) {
    const error = readServerError(body);
    super(error?.message ?? (status === -1 ? 'Network or parse failure' : `HTTP ${status}`), { cause });
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.error = error;
  }
}

function readServerError(body: unknown): ServerError | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return {
    code,
    message,
    ...(fields && typeof fields === 'object' ? { fields: fields as Record<string, string> } : {}),
  };
}

export interface RequestOptions {
  /** A token to use instead of the signed-in member's (impersonation). */
  token?: string | null;
  /** The call answers with no body on success; otherwise an empty body is a failure (SPEC §8). */
  expectEmpty?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (a last save while the tab closes). */
  keepalive?: boolean;
}

export interface UploadOptions {
  token?: string | null;
  onProgress?: (fraction: number) => void;
}

let currentToken: string | null = null;
let onSessionRejected: ((error: ApiError) => void) | null = null;

/** The 401 codes that can only mean "your account was blocked or deleted", whatever the method. */
const ACCOUNT_REFUSED_CODES = new Set(['account_blocked', 'account_deleted']);

/**
 * Called when a data load (GET) with the member's own token answers 401: the session ended on the server
 * (expired, logged out elsewhere, member blocked). Other methods are left alone because a 401 there can
 * mean "wrong current password" rather than "no session" — except a blocked or deleted account, which any call
 * may report.
 */
export function setSessionRejectedHandler(handler: ((error: ApiError) => void) | null): void {
  onSessionRejected = handler;
}

/** Called by the auth store whenever the member's token changes. */
export function setApiToken(token: string | null): void {
  currentToken = token;
}

/** Paths starting with `/` are absolute on the API origin; others get the API prefix (SPEC §7). */
export function apiUrl(path: string): string {
  return path.startsWith('/') ? `${API_ORIGIN}${path}` : `${API_ORIGIN}${API_PREFIX}${path}`;
}

function authHeader(token: string | null | undefined): Record<string, string> {
  const value = token === undefined ? currentToken : token;
  return value ? { Authorization: `Bearer ${value}` } : {};
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeader(options.token) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    throw new ApiError(-1, null, cause);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    throw new ApiError(-1, null, cause);
  }
  if (!response.ok) {
    const error = new ApiError(response.status, parseOrNull(text));
    const refused = method === 'GET' || ACCOUNT_REFUSED_CODES.has(error.error?.code ?? '');
    if (response.status === 401 && refused && options.token === undefined && currentToken) {
      onSessionRejected?.(error);
    }
    throw error;
  }
  if (text.trim() === '') {
    if (options.expectEmpty) return undefined as T;
    throw new ApiError(-1, null, new Error(`Empty answer from ${method} ${path}`));
  }
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError(-1, text, cause);
  }
}

function parseOrNull(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A binary answer (media the member's token unlocks); rejects as `request` does. */
async function getBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      headers: authHeader(options.token),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (cause) {
    throw new ApiError(-1, null, cause);
  }
  if (!response.ok) throw new ApiError(response.status, parseOrNull(await response.text().catch(() => '')));
  try {
    return await response.blob();
  } catch (cause) {
    throw new ApiError(-1, null, cause);
  }
}

/**
 * Multipart upload through XMLHttpRequest, the only browser API that reports upload progress.
 * Resolves with the parsed JSON answer (null when empty); rejects with the bare HTTP status (SPEC §8), -1 on network failure.
 */
function upload<T>(path: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeader(options.token))) xhr.setRequestHeader(name, value);
    if (options.onProgress) {
      const onProgress = options.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      });
    }
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(xhr.status);
      const text = xhr.responseText ?? '';
      if (text.trim() === '') return resolve(null as T);
      try {
        resolve(JSON.parse(text) as T);
      } catch {
        reject(-1);
      }
    });
    xhr.addEventListener('error', () => reject(-1));
    xhr.addEventListener('abort', () => reject(-1));
    xhr.send(formData);
  });
}

export const api = {
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, undefined, options),
  upload,
  getBlob,
};

/** The message to show for a failed call: the server's words when it sent some, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.error?.message ? error.error.message : fallback;
}
