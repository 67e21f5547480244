import { afterAll, beforeAll } from 'vitest';
import { type AppServer, removeDataDir, startAppServer } from './app-server';
import { type Mailbox, startMailbox } from './mailbox';

export interface AppFixture {
  server(): AppServer;
  mailbox(): Mailbox;
  /** Replaces the running server (e.g. after a kill) so later tests and afterAll use the new one. */
  setServer(server: AppServer): void;
}

/** One SMTP mailbox and one real server (fresh DATA_DIR) for the test file, stopped and removed afterwards. */
export function useApp(logName: string, env: Record<string, string> = {}): AppFixture {
  let server: AppServer | undefined;
  let mailbox: Mailbox | undefined;
  beforeAll(async () => {
    mailbox = await startMailbox();
    server = await startAppServer({ smtpUrl: mailbox.url, logName, env });
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
    if (server) await removeDataDir(server.dataDir);
  });
  return {
    server: () => {
      if (!server) throw new Error('server not started');
      return server;
    },
    mailbox: () => {
      if (!mailbox) throw new Error('mailbox not started');
      return mailbox;
    },
    setServer: (next) => {
      server = next;
    },
  };
}
