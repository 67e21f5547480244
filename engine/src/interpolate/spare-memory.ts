import { allocate } from './census-sgm';

/**
 * Shared memory the interpolation is done with, handed out again for arrays made later. A page of fresh memory
 * costs a page fault when first written (35 MB took ~90 ms on a 2-core VM, most of it in the kernel), and the
 * matching's total and costs (34 + 17 MB at 640 × 427 grid px and 63 levels) die just before the full-size arrays
 * of the synthesis are made: the views on SharedArrayBuffers, the levelled right view, the edge codes, the frames
 * (~49 MB at 1920 px). `wiggle interpolate` on a 1920 px scene: 81k → 75k page faults, wall time ×0.966 (farm-bench,
 * 14 pairs), with the helper's rows of the frames there (the frames themselves since).
 * What is handed out holds whatever was there before: only for arrays their user writes whole before reading them.
 */
export class SpareMemory {
  readonly #buffers: SharedArrayBuffer[] = [];
  /** The first free byte of the first buffer. */
  #at = 0;

  /** Gives the buffers (their contents no longer needed) to be handed out again. */
  add(...buffers: SharedArrayBuffer[]): void {
    this.#buffers.push(...buffers);
  }

  /** `length` bytes on a spare buffer (at a multiple of 16 bytes), or on a new SharedArrayBuffer when none has room. */
  bytes(length: number): Uint8Array {
    while (this.#buffers.length > 0) {
      const buffer = this.#buffers[0]!;
      if (this.#at + length <= buffer.byteLength) {
        const view = new Uint8Array(buffer, this.#at, length);
        this.#at += Math.ceil(length / 16) * 16;
        return view;
      }
      this.#buffers.shift();
      this.#at = 0;
    }
    return allocate(Uint8Array, length, true);
  }
}
