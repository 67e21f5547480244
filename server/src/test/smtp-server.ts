import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, parseMail } from './mail-parse';

export interface TestSmtpServer {
  url: string;
  messages: ParsedMail[];
  /**
   * Resolves with the next message not taken before whose recipient contains `to` (and subject contains
   * `subject`, when given): already received or arriving within the timeout (5 s).
   */
  waitForMail(to: string, subject?: string, timeoutMs?: number): Promise<ParsedMail>;
  /**
   * The newest message to `to` (subject containing `subject`), unless an earlier call took it: then it waits for a
   * newer one. Suits flows that re-send (the latest code is the valid one).
   */
  latestMail(to: string, subject?: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port; the app under test sends to it over TCP. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const taken = new Set<ParsedMail>();
  const matches = (to: string, subject: string) => (m: ParsedMail) =>
    m.to.toLowerCase().includes(to.toLowerCase()) && m.subject.includes(subject);

  /** Resolves with what `pick` finds among the messages, waiting for new arrivals until the timeout. */
  async function take(
    pick: () => ParsedMail | undefined,
    timeoutMs: number,
    what: string,
  ): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = pick();
      if (found && !taken.has(found)) {
        taken.add(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  const waitForMail = (to: string, subject = '', timeoutMs = 5000) =>
    take(() => messages.find((m) => !taken.has(m) && matches(to, subject)(m)), timeoutMs, `mail to ${to}`);
  const latestMail = (to: string, subject = '', timeoutMs = 5000) =>
    take(() => messages.filter(matches(to, subject)).at(-1), timeoutMs, `new mail to ${to} (${subject})`);

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    latestMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
