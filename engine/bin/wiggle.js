#!/usr/bin/env -S node --no-concurrent-recompilation
// V8 optimizes hot functions on the thread that runs them (--no-concurrent-recompilation), not on a background
// thread. A command runs once, and on two cores its own two threads keep both busy: a background compile shares them,
// and the function runs on in slower code until it is done. Measured on this project's 2-core machines, whole
// `wiggle interpolate` processes on 1920 px ray-traced pairs, in pairs with and without the flag: tiled floor and
// garden wall ×0.86–0.89 and CPU ×0.83–0.84, picket fence wall ×1.00 and CPU ×0.92; `wiggle align` on a 24 MP pair wall
// ×1.02 and CPU ×0.92. The flag applies where the file runs as a program (`wiggle`, `npx wiggle`), not under
// `node engine/bin/wiggle.js`.
// Runs the compiled CLI (engine/dist, built by `npm run build:node`, which `npm ci` runs as its prepare step).
try {
  await import('../dist/wiggle.mjs');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/wiggle.mjs'))
    throw error;
  process.stderr.write("wiggle: the CLI is not built yet; run 'npm run build:node' at the repository root\n");
  process.exitCode = 1;
}
