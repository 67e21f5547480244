import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 256;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside each text asset of the build, so the server
 * sends them precompressed (@fastify/static `preCompressed`) instead of compressing on every request. A copy that
 * is not smaller than the file is not written. Source maps stay uncompressed: only developer tools fetch them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'wiggle-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          if (bytes.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The page most visitors see first; its JavaScript is measured by bench/web/login-js.ts. */
const FIRST_PAGE = /[\\/]src[\\/]features[\\/]auth[\\/]login-page\.tsx$/;

/**
 * Puts every module the shell and the login page import statically into one `framework` chunk (React, the router,
 * emotion, MUI's core and the components those pages use, and our own shell code, stores and api client) instead
 * of the dozens of small chunks the default split makes of them: brotli compresses one larger file better than many
 * small ones, and these are needed on every page anyway (14 files, 150.7 KB of brotli became 3 files, 146.1 KB).
 * Modules only other pages use stay split per page.
 */
function firstPageChunk(): Plugin {
  const framework = new Set<string>();
  return {
    name: 'wiggle-first-page-chunk',
    apply: 'build',
    buildEnd() {
      const pending = [...this.getModuleIds()].filter((id) => {
        const info = this.getModuleInfo(id);
        return info?.isEntry || FIRST_PAGE.test(id);
      });
      const seen = new Set<string>(pending);
      while (pending.length > 0) {
        const id = pending.pop() as string;
        const info = this.getModuleInfo(id);
        const ours = !id.includes('/node_modules/') && !info?.isEntry && !FIRST_PAGE.test(id);
        if ((id.includes('/node_modules/') && !id.includes('/@tanstack/')) || ours) framework.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? [])
          if (!seen.has(imported)) {
            seen.add(imported);
            pending.push(imported);
          }
      }
    },
    outputOptions(options) {
      return { ...options, manualChunks: (id: string) => (framework.has(id) ? 'framework' : undefined) };
    },
  };
}

// In development the API runs separately (npm run serve, port 8080); production serves both from one origin.
export default defineConfig({
  plugins: [react(), firstPageChunk(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  preview: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
