import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp, type TestMember } from '../../test/harness';
import { collectingLogger, openUpload, rawRequest } from '../../test/http/raw-http';
import { solidJpeg } from '../../test/library/library-test-kit';

/**
 * Issue 9 defect 4: malformed multipart is the client's fault. Real HTTP on a socket with exact bytes: each answers
 * 400 in the error format with the reason, leaves no temp file behind and logs nothing as an error.
 */
const BOUNDARY = 'wiggle-test-boundary';

const filePart = (disposition: string, bytes: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: image/jpeg\r\n\r\n`),
    bytes,
    Buffer.from('\r\n'),
  ]);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

describe('malformed uploads over real HTTP', () => {
  let t: TestApp;
  let member: TestMember;
  let port: number;
  let jpeg: Buffer;
  const { log, lines } = collectingLogger();
  const tempDir = () => path.join(t.platform.config.DATA_DIR, 'tmp');
  const tempFiles = async () => readdir(tempDir()).catch(() => [] as string[]);
  const head = (contentType: string | undefined, length: number) =>
    [
      'POST /api/library/originals HTTP/1.1',
      'Host: wiggle.test',
      `Authorization: Bearer ${member.token}`,
      ...(contentType ? [`Content-Type: ${contentType}`] : []),
      `Content-Length: ${length}`,
      'Connection: close',
      '',
      '',
    ].join('\n');
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite', log });
    member = await registerMember(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    jpeg = await solidJpeg(64, 48);
  });
  afterAll(async () => {
    await t.close();
  });

  async function expectRefused(contentType: string | undefined, body: Buffer | string, reason: RegExp) {
    const before = lines.length;
    const response = await rawRequest(port, head(contentType, Buffer.byteLength(body)), body);
    expect(response.status).toBe(400);
    const { error } = JSON.parse(response.body) as { error: { code: string; message: string } };
    expect(error.code).toBeTypeOf('string');
    expect(error.message).toMatch(reason);
    expect(await tempFiles()).toEqual([]);
    expect(lines.slice(before).filter((line) => line.level >= 50)).toEqual([]);
  }

  it('refuses a body cut off before its closing boundary', async () => {
    const body = Buffer.concat([
      filePart('form-data; name="file"; filename="a.jpg"', jpeg),
      filePart('form-data; name="file"; filename="b.jpg"', jpeg).subarray(0, 100),
    ]);
    await expectRefused(multipartType, body, /incomplete|ended early|unexpected end/i);
  });

  it('refuses multipart without a boundary', async () => {
    const body = Buffer.concat([filePart('form-data; name="file"; filename="a.jpg"', jpeg), closing]);
    await expectRefused('multipart/form-data', body, /boundary/i);
  });

  it('refuses a part without a name', async () => {
    const body = Buffer.concat([filePart('form-data; filename="a.jpg"', jpeg), closing]);
    await expectRefused(multipartType, body, /name/i);
  });

  it('refuses a body that is not multipart/form-data', async () => {
    await expectRefused('text/plain', 'just text', /multipart\/form-data/);
    await expectRefused('application/json', '{"file":"x"}', /multipart\/form-data/);
    await expectRefused(undefined, 'no type', /multipart\/form-data/);
  });

  it('removes the temp file and logs no error when the client disconnects mid-upload', async () => {
    const before = lines.length;
    const started = filePart('form-data; name="file"; filename="big.jpg"', Buffer.alloc(256 * 1024, 7));
    const socket = await openUpload(port, head(multipartType, 50 * 1024 * 1024), started);
    const deadline = Date.now() + 10_000;
    while ((await tempFiles()).length === 0 && Date.now() < deadline) await sleep(20);
    expect(await tempFiles()).toHaveLength(1);
    socket.destroy();
    const settled = () =>
      lines.slice(before).some((line) => /request (completed|refused|failed)|aborted/.test(line.msg ?? ''));
    while (!settled() && Date.now() < deadline) await sleep(20);
    while ((await tempFiles()).length > 0 && Date.now() < deadline) await sleep(20);
    expect(await tempFiles()).toEqual([]);
    expect(lines.slice(before).filter((line) => line.level >= 50)).toEqual([]);
  });
});
