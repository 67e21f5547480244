/** Runs every library bench, each in its own process; `npm run bench:library -w bench -- listing` filters by name. */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = ['upload.ts', 'listing.ts', 'creation.ts'].filter(
  (name) => filters.length === 0 || filters.some((f) => name.includes(f)),
);
let failed = 0;
for (const name of benches) {
  console.log(`\n=== library/${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
