import { execFile } from 'node:child_process';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../test/harness';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./check-storage.ts', import.meta.url));

describe('npm run check:storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    await registerMember(t.app);
  });
  afterAll(async () => t?.close());

  const check = async (...args: string[]) => {
    try {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
        env: { ...process.env, DATA_DIR: t.platform.config.DATA_DIR, LOG_LEVEL: 'silent' },
      });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  };
  const summary = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');

  it('reports a consistent store, then an orphan (kept while young), and removes it with --fix', async () => {
    expect(await check('--grace-hours', '0')).toMatchObject({ code: 0 });
    await t.platform.blobs.put('originals/999/lost/o.jpg', Buffer.from('lost'));
    const young = await check();
    expect(young.code).toBe(0);
    expect(summary(young.stdout)).toMatchObject({ orphans: 0, recent: 1 });
    const found = await check('--grace-hours', '0');
    expect(found.code).toBe(1);
    expect(found.stdout).toContain('orphan blob   originals/999/lost/o.jpg');
    const fixed = await check('--fix', '--grace-hours', '0');
    expect(summary(fixed.stdout)).toMatchObject({ orphans: 1, removed: 1, missing: 0 });
    expect(fixed.code).toBe(0);
    expect(await t.platform.blobs.stat('originals/999/lost/o.jpg')).toBeNull();
    expect(summary((await check('--grace-hours', '0')).stdout)).toMatchObject({ orphans: 0, missing: 0 });
  });

  it('reports the temporary file of a write that never finished, and removes it with --fix once it is old', async () => {
    const dir = join(t.platform.config.DATA_DIR, 'blobs', 'originals', '998');
    await mkdir(dir, { recursive: true });
    const temp = join(dir, 'o.jpg.0a1b2c3d4e5f.partial');
    await writeFile(temp, 'half a photo');
    expect(summary((await check()).stdout)).toMatchObject({ unfinished: 0 });
    const found = await check('--grace-hours', '0');
    expect(found.code).toBe(1);
    expect(found.stdout).toContain('unfinished    originals/998/o.jpg.0a1b2c3d4e5f.partial (12 bytes');
    expect(summary(found.stdout)).toMatchObject({ orphans: 0, unfinished: 1 });
    const fixed = await check('--fix', '--grace-hours', '0');
    expect(summary(fixed.stdout)).toMatchObject({ unfinished: 1, removed: 1 });
    expect(fixed.code).toBe(0);
    await expect(stat(temp)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await check('--grace-hours', '0')).toMatchObject({ code: 0 });
  });
});
