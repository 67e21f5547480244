import { createRequire } from 'node:module';
import type sharpModule from 'sharp';

/**
 * sharp, loaded through its CommonJS build. Imported as an ES module, its dozen modules and the CommonJS packages
 * they import (semver, detect-libc, the colour library, the native binding's loader) each went through Node's
 * ESM-to-CommonJS translation, whose source scan alone was compiled and run on every start: 0.21-0.24 s to
 * `import('sharp')` against 0.15-0.16 s to `require('sharp')`, with `node -e` itself taking 0.11-0.16 s. Every
 * module of the engine and the server takes sharp from here, so a process loads one copy of it.
 */
const sharp: typeof sharpModule = createRequire(import.meta.url)('sharp');
export default sharp;
