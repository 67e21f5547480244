import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { startAppServer } from './support/app-server';
import { useBrowser } from './support/browser';
import { uploadByApi, waitForWiggleStatus, wiggleStatusByApi } from './support/library-api';
import { card, createWiggleThroughUi, waitForImage } from './support/library-ui';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';
import { stereoPairJpegs } from './support/stereo-images';

const app = useApp('restart');
const browser = useBrowser(() => app.server().url);

describe('a restart during wiggle creation', () => {
  let member: Member;
  let token: string;

  beforeAll(async () => {
    member = newMember('restart');
    token = await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
    // A larger pair keeps the job busy long enough to be caught while it runs.
    const pair = await stereoPairJpegs(1600, 1066, 9);
    await uploadByApi(app.server().url, token, [
      { name: 'studio-L.jpg', bytes: pair.left },
      { name: 'studio-R.jpg', bytes: pair.right },
    ]);
  });

  it('finishes the wiggle after the server was killed while the job ran', async () => {
    const page = browser.page();
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/library/');
    const id = await createWiggleThroughUi(page, ['studio-L.jpg', 'studio-R.jpg']);

    // Kill at the hardest moment: the job has been claimed and is running (InProgress).
    const running = await waitForWiggleStatus(
      app.server().url,
      token,
      id,
      (s) => s.createStatus !== 'New',
      30_000,
      50,
    );
    expect(running.createStatus).toBe('InProgress');
    const { dataDir, url } = app.server();
    await app.server().kill();
    expect(app.server().child.signalCode).toBe('SIGKILL');

    const restarted = await startAppServer({
      smtpUrl: app.mailbox().url,
      dataDir,
      port: Number(new URL(url).port),
      logName: 'restart-2',
    });
    app.setServer(restarted);
    expect((await wiggleStatusByApi(url, token, id)).createStatus).not.toBe('Error');

    // The member reloads the library: the same single wiggle finishes and plays.
    await page.reload();
    await waitForPath(page, '/library/');
    const wiggle = card(page, 'studio-L');
    await wiggle.getByRole('button', { name: 'Play studio-L' }).waitFor({ timeout: 120_000 });
    await waitForImage(wiggle.getByRole('img', { name: 'studio-L' }));
    expect(await card(page, 'studio-L').count()).toBe(1);
    const final = await waitForWiggleStatus(url, token, id, (s) => s.iStatus === 'Success', 120_000);
    expect(final).toMatchObject({ createStatus: 'Success', autoAlignStatus: 'Success' });
  });
});
