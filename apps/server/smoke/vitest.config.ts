import { defineConfig } from 'vitest/config';

// The smoke run against the production build (`npm run build` first); scripts/test.sh runs it after the build.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
