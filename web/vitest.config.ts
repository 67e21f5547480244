import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
    // MUI screens in jsdom take seconds on the shared 2-core machine; the default 5 s flakes.
    testTimeout: 20_000,
  },
});
