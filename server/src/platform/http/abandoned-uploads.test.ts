import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { tempDirsPerTest } from '../../test/temp-dirs';
import { removeAbandonedUploads, uploadTempDir } from './multipart';

/** The id of a process that has ended: its upload temp files can have no request left to finish. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await once(child, 'exit');
  return child.pid!;
}

describe('temp files of uploads whose process died', () => {
  const tempDir = tempDirsPerTest('wiggle-uploads-');

  it('removes those of dead processes and old unowned ones, keeps those of live processes and recent ones', async () => {
    const dir = await tempDir();
    const dead = await deadPid();
    const names = {
      dead: `${dead}-a.upload`,
      own: `${process.pid}-b.upload`,
      // The parent of this test process (vitest) is alive.
      live: `${process.ppid}-c.upload`,
      oldUnowned: 'd.upload',
      recentUnowned: 'e.upload',
      other: `${dead}-f.txt`,
    };
    for (const name of Object.values(names)) await writeFile(path.join(dir, name), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(dir, names.oldUnowned), twoHoursAgo, twoHoursAgo);

    expect(await removeAbandonedUploads(dir)).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(
      [names.own, names.live, names.recentUnowned, names.other].sort(),
    );
  });

  it('answers 0 when the folder does not exist yet', async () => {
    expect(await removeAbandonedUploads(path.join(await tempDir(), 'none'))).toBe(0);
  });

  it('runs when a web process starts: a server killed mid-upload leaves nothing behind after its restart', async () => {
    const dataDir = await tempDir();
    const dir = uploadTempDir(dataDir);
    await mkdir(dir, { recursive: true });
    const abandoned = `${await deadPid()}-cut-off.upload`;
    await writeFile(path.join(dir, abandoned), Buffer.alloc(1024));
    const t = await createTestApp({ dialect: 'sqlite', env: { DATA_DIR: dataDir } });
    try {
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
