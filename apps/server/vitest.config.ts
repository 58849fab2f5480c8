import { defineConfig } from 'vitest/config';

// One template database per run; workers inherit the variable and copy from it.
process.env.BENCAO_TEST_RUN ??= String(process.pid);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite needs ~700 MiB per open database: two files at a time on a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
