import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './check-imports.mjs';

/**
 * The lint's boundary rules and import-cycle check catch a deliberate violation. Fixtures are written to a temp
 * folder that mirrors the repository's layout (so biome.json's path globs apply), never inside the linted tree.
 */
const repo = fileURLToPath(new URL('..', import.meta.url));
const biome = path.join(repo, 'node_modules', '.bin', 'biome');
const run = promisify(execFile);

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function tree(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'wiggle-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** Lints `file` in a temp tree with the repository's own biome.json (less the git settings a temp dir lacks). */
async function lint(file: string, text: string): Promise<{ ok: boolean; output: string }> {
  const config = JSON.parse(await readFile(path.join(repo, 'biome.json'), 'utf8'));
  delete config.vcs;
  delete config.$schema;
  const root = await tree({ 'biome.json': JSON.stringify(config), [file]: text });
  try {
    await run(biome, ['lint', file], { cwd: root });
    return { ok: true, output: '' };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { ok: false, output: `${stdout}${stderr}` };
  }
}

const importing = (specifier: string) => `import { y } from '${specifier}';\nexport const x = y;\n`;

describe('import rules in biome.json', () => {
  it.each([
    ['engine/src/render/bad.ts', '@wiggle/server/app', 'engine knows nothing about the server'],
    ['engine/src/bad.ts', '../../web/src/lib/api', 'engine knows nothing about the server'],
    ['web/src/features/library/page.tsx', '../account/api/profile', 'Web features never import each other'],
    [
      'web/src/features/library/components/list.tsx',
      '../../gallery/x',
      'Web features never import each other',
    ],
    ['server/src/features/auth/service.ts', '../account/user-store', 'never its store or tables'],
    ['server/src/features/support/routes.ts', '../library/tables', 'never its store or tables'],
    ['server/src/features/library/copy-service.ts', '../wiggles/deps', 'builds on the library'],
  ])('refuses %s importing %s', async (file, specifier, message) => {
    const result = await lint(file, importing(specifier));
    expect(result.ok).toBe(false);
    expect(result.output).toContain('noRestrictedImports');
    expect(result.output).toContain(message);
  });

  it.each([
    ['engine/src/render/ok.ts', '@wiggle/common/constants'],
    ['web/src/features/library/page.tsx', '../../lib/api'],
    ['web/src/features/library/components/list.tsx', '../api/upload-originals'],
    ['web/src/features/library/components/list.tsx', '../../../components/x'],
    ['server/src/features/auth/service.ts', '../account/users-service'],
    ['server/src/features/wiggles/jobs.ts', '../library/originals-service'],
    ['server/src/features/library/routes.ts', '../../platform/jobs/tables'],
  ])('allows %s importing %s', async (file, specifier) => {
    expect(await lint(file, importing(specifier))).toEqual({ ok: true, output: '' });
  });
});

describe('import-cycle check', () => {
  it('finds a cycle between files, type imports included', async () => {
    const root = await tree({
      'common/src/a.ts': "import type { B } from './b';\nexport type A = B;\n",
      'common/src/b.ts': "import { c } from './c';\nexport type B = typeof c;\n",
      'common/src/c.ts': "import type { A } from './a';\nexport const c: A | undefined = undefined;\n",
    });
    expect(findImportCycles(root).files).toEqual([['common/src/a.ts', 'common/src/b.ts', 'common/src/c.ts']]);
  });

  it('finds features that depend on each other through different files', async () => {
    const root = await tree({
      'server/src/features/library/copy.ts':
        "import { make } from '../wiggles/make';\nexport const copy = make;\n",
      'server/src/features/library/folders.ts': 'export const folders = 1;\n',
      'server/src/features/wiggles/make.ts': 'export const make = 1;\n',
      'server/src/features/wiggles/create.ts':
        "import { folders } from '../library/folders';\nexport const create = folders;\n",
    });
    const cycles = findImportCycles(root);
    expect(cycles.files).toEqual([]);
    expect(cycles.features).toEqual([['server/src/features/library', 'server/src/features/wiggles']]);
  });

  it('follows the workspace packages and passes a tree without cycles', async () => {
    const root = await tree({
      'common/src/constants.ts': 'export const n = 1;\n',
      'engine/src/render.ts': "import { n } from '@wiggle/common/constants';\nexport const r = n;\n",
      'server/src/main.ts': "import { r } from '@wiggle/engine/render';\nexport const m = r;\n",
      'web/src/main.tsx': "import { n } from '@wiggle/common/constants';\nexport const w = n;\n",
    });
    expect(findImportCycles(root)).toEqual({ files: [], features: [] });
  });

  it('holds for the repository itself', () => {
    expect(findImportCycles(repo)).toEqual({ files: [], features: [] });
  });
});
