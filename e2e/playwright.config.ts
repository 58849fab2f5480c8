import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against a real server (API + built console + built site)
 * on a fresh embedded database seeded with the demo data. `npm test` builds the apps first.
 */
const port = Number(process.env.E2E_PORT ?? 18765);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
process.env.E2E_BASE_URL = baseURL;
const dataDir = path.join(os.tmpdir(), `bencao-e2e-${port}`);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
    // the console honours "reduce motion": menus and drawers open at once, so a click never lands mid-animation
    // (a retried click scrolls the page, which closes a context menu; shell.spec checks the animated default too)
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: process.env.E2E_BASE_URL_EXTERNAL ? undefined : {
    command: `node ../scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), GATEWAY_PORT: String(port + 1), DATA_DIR: dataDir, BENCAO_PROFILE: 'demo', HOST: '127.0.0.1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000',
      // workflow migrations with "all" in batches of 2 (500 in production), so workflowMigration.spec sees a second batch
      WORKFLOW_MIGRATION_BATCH: '2' },
  },
});
