import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export type Cv = typeof import('@techstark/opencv-js');

/** Wrapped in an object because the module itself is a thenable: resolving a promise with it would never settle. */
export interface CvHandle {
  cv: Cv;
}

let loading: Promise<CvHandle> | undefined;

/**
 * The copy of OpenCV.js that the build writes beside the bundles, its WebAssembly module in a file of its own
 * instead of base64 in the script (see splitOpenCv in build-node.mjs): 150 ms less to load. Not beside the sources,
 * which load the package's own.
 */
const SPLIT_COPY = fileURLToPath(new URL('./opencv/opencv.cjs', import.meta.url));

/**
 * Loads OpenCV.js (wasm) once per thread: the split copy when it is there, else the package. We wait for
 * `onRuntimeInitialized` instead of awaiting the module, whose `then` can hang after the runtime is up.
 */
export function loadOpenCv(): Promise<CvHandle> {
  loading ??= new Promise<CvHandle>((resolve, reject) => {
    try {
      const require = createRequire(import.meta.url);
      const cv = require(existsSync(SPLIT_COPY) ? SPLIT_COPY : '@techstark/opencv-js') as Cv & {
        onRuntimeInitialized?: () => void;
      };
      if (typeof cv.Mat === 'function') {
        resolve({ cv });
        return;
      }
      cv.onRuntimeInitialized = () => resolve({ cv });
    } catch (error) {
      reject(error);
    }
  });
  return loading;
}

/**
 * Starts loading OpenCV.js without waiting for it, for a caller with other work first (see decodedInputs). A
 * failure is not lost: the next loadOpenCv returns the same promise and reports it there.
 */
export function preloadOpenCv(): void {
  loadOpenCv().catch(() => {});
}

/** Anything with a wasm-side allocation. */
interface Deletable {
  delete(): void;
}

/** Runs `work` and frees every Mat/vector registered through `keep`, even when `work` throws. */
export function withMats<T>(work: (keep: <M extends Deletable>(m: M) => M) => T): T {
  const owned: Deletable[] = [];
  try {
    return work((m) => {
      owned.push(m);
      return m;
    });
  } finally {
    for (const m of owned) m.delete();
  }
}
