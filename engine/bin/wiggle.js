#!/usr/bin/env node
// Runs the compiled CLI (engine/dist, built by `npm run build:node`, which `npm ci` runs as its prepare step).
try {
  await import('../dist/wiggle.mjs');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/wiggle.mjs'))
    throw error;
  process.stderr.write("wiggle: the CLI is not built yet; run 'npm run build:node' at the repository root\n");
  process.exitCode = 1;
}
