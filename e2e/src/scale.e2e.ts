import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppServer,
  removeDataDir,
  startAppServer,
  startWorker,
  type WorkerProcess,
} from './support/app-server';
import { useBrowser } from './support/browser';
import { waitForWiggleStatus } from './support/library-api';
import {
  card,
  closeDialog,
  createWiggleThroughUi,
  uploadThroughUi,
  waitForImage,
} from './support/library-ui';
import { type Mailbox, startMailbox } from './support/mailbox';
import { loginThroughUi, newMember, registerByApi, waitForPath } from './support/members';
import { createPostgresDatabase, redisPrefix, scaleServices } from './support/scale-services';
import { stereoPairJpegs } from './support/stereo-images';

const { databaseUrl, redisUrl } = scaleServices;

/**
 * The scale settings of DESIGN.md: PostgreSQL, BullMQ on Redis and a separate `npm run worker` process. A worker
 * that crashes in the middle of a job must not lose it: another worker picks it up once BullMQ sees it stalled.
 */
describe.skipIf(!databaseUrl || !redisUrl)('the library on PostgreSQL + Redis with a separate worker', () => {
  let mailbox: Mailbox;
  let server: AppServer;
  let worker: WorkerProcess;
  let cleanups: Array<() => Promise<void>> = [];
  let options: { smtpUrl: string; env: Record<string, string>; logName: string };
  const browser = useBrowser(() => server.url);

  beforeAll(async () => {
    const database = await createPostgresDatabase(databaseUrl ?? '');
    const queue = redisPrefix(redisUrl ?? '');
    mailbox = await startMailbox();
    options = {
      smtpUrl: mailbox.url,
      env: { DATABASE_URL: database.url, REDIS_URL: redisUrl ?? '', JOB_QUEUE_PREFIX: queue.prefix },
      logName: 'scale',
    };
    server = await startAppServer(options);
    worker = await startWorker(server, { ...options, logName: 'scale-worker' });
    cleanups = [database.drop, queue.clear, () => removeDataDir(server.dataDir)];
  });
  afterAll(async () => {
    await worker?.stop();
    await server?.stop();
    await mailbox?.close();
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  });

  it('uploads, creates, survives a worker crash mid-job and plays the wiggle', async () => {
    const member = newMember('scale');
    const token = await registerByApi(server.url, mailbox, member, { verify: true });
    const page = browser.page();
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/library/');

    const pair = await stereoPairJpegs(1600, 1066, 17);
    await uploadThroughUi(page, [
      { name: 'pier-L.jpg', bytes: pair.left },
      { name: 'pier-R.jpg', bytes: pair.right },
    ]);
    await closeDialog(page, 'Upload stereo photos');
    const id = await createWiggleThroughUi(page, ['pier-L.jpg', 'pier-R.jpg']);

    const running = await waitForWiggleStatus(
      server.url,
      token,
      id,
      (s) => s.createStatus !== 'New',
      60_000,
      50,
    );
    expect(running.createStatus).toBe('InProgress');
    await worker.kill();
    worker = await startWorker(server, { ...options, logName: 'scale-worker-2' });

    const wiggle = card(page, 'pier-L');
    await wiggle.getByRole('button', { name: 'Play pier-L' }).waitFor({ timeout: 120_000 });
    await waitForImage(wiggle.getByRole('img', { name: 'pier-L' }));
    const final = await waitForWiggleStatus(server.url, token, id, (s) => s.iStatus === 'Success', 120_000);
    expect(final).toMatchObject({ createStatus: 'Success', autoAlignStatus: 'Success' });
  });
});
