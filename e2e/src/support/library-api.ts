import type {
  CreateWigglesBody,
  CreateWigglesResponse,
  UploadOriginalsResponse,
  WiggleStatus,
} from '@wiggle/common/schemas/library';

export interface UploadFile {
  name: string;
  bytes: Buffer;
  type?: string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /api/library/originals as a multipart batch (setup for tests whose subject is not the upload screen). */
export async function uploadByApi(
  baseUrl: string,
  token: string,
  files: UploadFile[],
  folderId?: number,
): Promise<UploadOriginalsResponse> {
  const form = new FormData();
  if (folderId !== undefined) form.append('folderId', String(folderId));
  for (const file of files)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }),
      file.name,
    );
  const response = await fetch(`${baseUrl}/api/library/originals`, {
    method: 'POST',
    headers: auth(token),
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as UploadOriginalsResponse;
}

export async function createWigglesByApi(
  baseUrl: string,
  token: string,
  body: CreateWigglesBody,
): Promise<CreateWigglesResponse> {
  const response = await fetch(`${baseUrl}/api/library/wiggles`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreateWigglesResponse;
}

export async function wiggleStatusByApi(baseUrl: string, token: string, id: number): Promise<WiggleStatus> {
  const response = await fetch(`${baseUrl}/api/library/wiggles/status?ids=${id}`, { headers: auth(token) });
  if (!response.ok) throw new Error(`status answered ${response.status}: ${await response.text()}`);
  const [status] = (await response.json()) as WiggleStatus[];
  if (!status) throw new Error(`no status for wiggle ${id}`);
  return status;
}

/** Polls the status call until `done` holds for the wiggle or the time is up; answers the last status seen. */
export async function waitForWiggleStatus(
  baseUrl: string,
  token: string,
  id: number,
  done: (status: WiggleStatus) => boolean,
  timeoutMs = 120_000,
  pollMs = 250,
): Promise<WiggleStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await wiggleStatusByApi(baseUrl, token, id);
    if (done(status)) return status;
    if (Date.now() > deadline)
      throw new Error(`wiggle ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export async function createFolderByApi(
  baseUrl: string,
  token: string,
  name: string,
  parentId: number | null = null,
): Promise<number> {
  const response = await fetch(`${baseUrl}/api/library/folders`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify({ name, parentId }),
  });
  if (!response.ok) throw new Error(`folder answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The member's wiggles and originals at the library root (first page). */
export async function rootItemsByApi(
  baseUrl: string,
  token: string,
): Promise<{ originalIds: number[]; wiggleIds: number[] }> {
  const list = async (kind: 'originals' | 'wiggles') => {
    const response = await fetch(`${baseUrl}/api/library/${kind}`, { headers: auth(token) });
    if (!response.ok) throw new Error(`list ${kind} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { items: Array<{ id: number }> }).items.map((item) => item.id);
  };
  return { originalIds: await list('originals'), wiggleIds: await list('wiggles') };
}
