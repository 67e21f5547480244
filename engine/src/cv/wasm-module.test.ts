import { describe, expect, it } from 'vitest';
import { lazyKernel, op } from './wasm-module';

/** put(at, value): the byte `value` at address `at` of the kernel's memory. */
const putKernel = lazyKernel<{ put(at: number, value: number): void }>([
  { name: 'put', params: 2, locals: [], body: [...op.get(0), ...op.get(1), ...op.i32Store8] },
]);

describe('lazyKernel', () => {
  it('grows its memory keeping its bytes, and a view taken before stays readable', () => {
    const kernel = putKernel()!;
    const before = kernel.heap(16);
    const length = before.length;
    kernel.put(5, 42);
    expect(before[5]).toBe(42);
    const grown = kernel.heap(3 * 65536 + 1);
    expect(grown.length).toBeGreaterThanOrEqual(3 * 65536 + 1);
    // An unshared memory would have detached `before` (length 0): V8 then deoptimizes typed-array code.
    expect(length).toBeGreaterThanOrEqual(16);
    expect(before.length).toBe(length);
    expect(before[5]).toBe(42);
    expect(grown[5]).toBe(42);
    kernel.put(3 * 65536, 7);
    expect(kernel.heap(16)[3 * 65536]).toBe(7);
  });

  it('is made once per thread', () => {
    expect(putKernel()).toBe(putKernel());
  });
});
