import { describe, expect, it } from 'vitest';
import { SpareMemory } from './spare-memory';

describe('SpareMemory', () => {
  it('hands out disjoint views of the given buffers, in order, each at a multiple of 16 bytes', () => {
    const first = new SharedArrayBuffer(100);
    const second = new SharedArrayBuffer(64);
    const spare = new SpareMemory();
    spare.add(first, second);
    const a = spare.bytes(30);
    const b = spare.bytes(40);
    const c = spare.bytes(40); // 80 of the first's 100 bytes are taken: the second
    const d = spare.bytes(10); // 48 of the second's 64 are taken: 10 fit
    expect([a.buffer, b.buffer, c.buffer, d.buffer]).toEqual([first, first, second, second]);
    expect([a.byteOffset, b.byteOffset, c.byteOffset, d.byteOffset]).toEqual([0, 32, 0, 64 - 16]);
    expect([a.length, b.length, c.length, d.length]).toEqual([30, 40, 40, 10]);
    expect(spare.bytes(1).buffer).not.toBe(second);
    a.fill(1);
    b.fill(2);
    expect(new Uint8Array(first, 0, 72).filter((v) => v === 1)).toHaveLength(30);
    expect(new Uint8Array(first, 0, 72).filter((v) => v === 2)).toHaveLength(40);
  });

  it('makes a new shared array, zeroed, when no buffer has room', () => {
    const spare = new SpareMemory();
    spare.add(new SharedArrayBuffer(8));
    const big = spare.bytes(20);
    expect(big.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(big.byteLength).toBe(20);
    expect(big.every((v) => v === 0)).toBe(true);
    expect(new SpareMemory().bytes(5).buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
