import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiUrl, setApiToken, setSessionRejectedHandler } from './api-client';

type FetchArgs = [input: string, init: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setApiToken(null);
});
afterEach(() => vi.unstubAllGlobals());

const reply = (status: number, body: string) =>
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status }));
const lastCall = () => fetchMock.mock.calls.at(-1)!;
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiUrl', () => {
  it('prefixes relative paths with /api/ and keeps absolute ones', () => {
    expect(apiUrl('auth/login')).toBe('/api/auth/login');
    expect(apiUrl('/privacy-policy.html')).toBe('/privacy-policy.html');
  });
});

describe('api requests', () => {
  it('sends JSON with an Accept header and no Authorization without a token', async () => {
    reply(200, '{"ok":true}');
    await expect(api.post('auth/login', { username: 'a@b.c' })).resolves.toEqual({ ok: true });
    const [url, init] = lastCall();
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"username":"a@b.c"}');
    expect(headersOf(init)).toMatchObject({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(headersOf(init).Authorization).toBeUndefined();
  });

  it('sends the member token as a bearer, or a custom token when given', async () => {
    setApiToken('own-token');
    reply(200, '{}');
    await api.get('auth/refresh');
    expect(headersOf(lastCall()[1]).Authorization).toBe('Bearer own-token');
    reply(200, '{}');
    await api.get('auth/refresh', { token: 'custom' });
    expect(headersOf(lastCall()[1]).Authorization).toBe('Bearer custom');
  });

  it('uses PUT and DELETE', async () => {
    reply(200, '{}');
    await api.put('account/profile', { name: 'x' });
    expect(lastCall()[1].method).toBe('PUT');
    reply(200, '{}');
    await api.delete('library/folder/1');
    expect(lastCall()[1].method).toBe('DELETE');
    expect(lastCall()[1].body).toBeUndefined();
  });

  it('rejects an HTTP error with its status, parsed body and the server error', async () => {
    const body = {
      error: {
        code: 'validation',
        message: 'Bad',
        fields: { username: 'A valid e-mail address is required.' },
      },
    };
    reply(400, JSON.stringify(body));
    const error = await rejection(api.post('auth/login', {}));
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
    expect(error.error).toEqual(body.error);
    expect(error.message).toBe('Bad');
  });

  it('rejects an HTTP error without a JSON body with a null server error', async () => {
    reply(502, 'Bad gateway');
    const error = await rejection(api.get('health'));
    expect(error.status).toBe(502);
    expect(error.error).toBeNull();
  });

  it('rejects a network failure with status -1', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await rejection(api.get('auth/refresh'));
    expect(error.status).toBe(-1);
    expect(error.body).toBeNull();
  });

  it('rejects an unparsable success body with status -1', async () => {
    reply(200, '<html>');
    expect((await rejection(api.get('auth/refresh'))).status).toBe(-1);
  });

  it('rejects an empty success body with status -1 unless the caller expects none', async () => {
    reply(200, '');
    expect((await rejection(api.post('account/settings', {}))).status).toBe(-1);
    reply(204, '');
    await expect(api.post('account/settings', {}, { expectEmpty: true })).resolves.toBeUndefined();
  });
});

describe('api.upload', () => {
  class FakeXhr {
    static last: FakeXhr;
    status = 0;
    responseText = '';
    headers: Record<string, string> = {};
    url = '';
    private listeners: Record<string, () => void> = {};
    upload = {
      progress: undefined as
        | undefined
        | ((event: { lengthComputable: boolean; loaded: number; total: number }) => void),
      addEventListener: (
        _type: string,
        listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
      ) => {
        this.upload.progress = listener;
      },
    };
    constructor() {
      FakeXhr.last = this;
    }
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners[type] = listener;
    }
    send() {}
    finish(status: number, text: string) {
      this.status = status;
      this.responseText = text;
      this.listeners.load?.();
    }
    fail() {
      this.listeners.error?.();
    }
  }

  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('posts the form with the token, reports progress and resolves with the JSON answer', async () => {
    setApiToken('t');
    const progress: number[] = [];
    const done = api.upload('account/avatar', new FormData(), {
      onProgress: (fraction) => progress.push(fraction),
    });
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/account/avatar');
    expect(xhr.headers.Authorization).toBe('Bearer t');
    xhr.upload.progress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.finish(200, '{"avatar":"/api/account/avatar/1"}');
    await expect(done).resolves.toEqual({ avatar: '/api/account/avatar/1' });
    expect(progress).toEqual([0.25]);
  });

  it('rejects with the bare HTTP status', async () => {
    const done = api.upload('account/avatar', new FormData());
    FakeXhr.last.finish(413, '{"error":{"code":"too_large","message":"x"}}');
    await expect(done).rejects.toBe(413);
  });

  it('rejects a network failure with -1', async () => {
    const done = api.upload('account/avatar', new FormData());
    FakeXhr.last.fail();
    await expect(done).rejects.toBe(-1);
  });
});

describe('session rejected handler', () => {
  afterEach(() => setSessionRejectedHandler(null));

  it('runs when a GET with the member token answers 401, not for other methods or custom tokens', async () => {
    const rejected = vi.fn();
    setSessionRejectedHandler(rejected);
    setApiToken('own');
    reply(401, '{"error":{"code":"unauthorized","message":"x"}}');
    await rejection(api.post('account/password', {}));
    reply(401, '{}');
    await rejection(api.get('auth/refresh', { token: 'custom' }));
    expect(rejected).not.toHaveBeenCalled();
    reply(401, '{}');
    await rejection(api.get('account/profile'));
    expect(rejected).toHaveBeenCalledTimes(1);
  });
});
