/**
 * Runs every engine bench (bench/engine/*.ts except this runner) one after another, each in its own process so
 * one bench's memory and thread pools never skew the next. `npm run bench -- align` runs only names matching.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts' && !name.endsWith('.test.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.log(`(${name} exited with ${result.status ?? result.signal})`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
