import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Where build-node.mjs (the tests' global set-up) writes the split copy beside the CLI's bundles. */
const SPLIT = fileURLToPath(new URL('../../dist/opencv/', import.meta.url));

describe('OpenCV.js beside the bundles', () => {
  it('reads its WebAssembly module from a file instead of a data URI, and loads to a working OpenCV', () => {
    const script = readFileSync(`${SPLIT}opencv.cjs`, 'utf8');
    expect(script).toContain('var wasmBinaryFile="opencv.wasm"');
    expect(script).not.toContain('var wasmBinaryFile="data:');
    expect(script.length).toBeLessThan(1_000_000);
    const wasm = readFileSync(`${SPLIT}opencv.wasm`);
    expect([...wasm.subarray(0, 4)]).toEqual([0, 0x61, 0x73, 0x6d]);
    expect(statSync(`${SPLIT}opencv.wasm`).size).toBeGreaterThan(5_000_000);
    // In a process of its own (the runtime installs process-wide handlers): a 2×3 matrix's non-zero count.
    const counted = execFileSync(
      process.execPath,
      [
        '-e',
        `const cv = require(${JSON.stringify(`${SPLIT}opencv.cjs`)});
         cv.onRuntimeInitialized = () => {
           const m = cv.matFromArray(2, 3, cv.CV_8UC1, [0, 5, 0, 7, 9, 0]);
           console.log(cv.countNonZero(m));
           m.delete();
         };`,
      ],
      { encoding: 'utf8' },
    );
    expect(counted.trim()).toBe('3');
  });
});
