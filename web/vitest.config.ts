import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
    // A file's first screen test also transforms MUI and the lazy pages: ~15 s on a loaded 2-core machine.
    testTimeout: 60_000,
  },
});
