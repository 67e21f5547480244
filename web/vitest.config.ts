import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: { name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], passWithNoTests: true },
});
