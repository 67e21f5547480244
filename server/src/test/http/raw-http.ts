import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../../platform/logger';

/** Test helpers for requests a normal client cannot send: exact bytes on a socket, cut off or malformed. */

export interface RawResponse {
  status: number;
  body: string;
}

/** Sends `head` + `body` as written and reads the whole response (the server closes or answers in full). */
export function rawRequest(port: number, head: string, body: Buffer | string = ''): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      const start = received.indexOf('\r\n\r\n');
      let text = start >= 0 ? received.slice(start + 4) : '';
      if (/transfer-encoding: chunked/i.test(received.slice(0, start))) text = unchunk(text);
      resolve({ status, body: text });
    });
    socket.write(head.replaceAll('\n', '\r\n'));
    socket.write(body);
  });
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (!size) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

/** Opens a socket, sends `head` + `body`, and leaves it open: the caller destroys it mid-upload. */
export function openUpload(port: number, head: string, body: Buffer): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head.replaceAll('\n', '\r\n'));
      socket.write(body, () => resolve(socket));
    });
    socket.on('error', reject);
  });
}

/** A pino logger that keeps every line it writes, for asserting what a request logged and at which level. */
export function collectingLogger(): { log: Logger; lines: Array<{ level: number; msg?: string }> } {
  const lines: Array<{ level: number; msg?: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}
