import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'yumi-e2e-'));
// Workers load this file again: they must see the same folder (tests read the server's mail outbox there).
process.env.E2E_DATA_DIR = dataDir;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests drive Debian's Chromium (test tools cannot download browsers here) against the built app. */
export default defineConfig({
  testDir: 'e2e',
  // The review screenshots are their own run (`npm run screenshots`), not part of the suite.
  testIgnore: ['screens/**'],
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // The offline specs allow the service worker (it precaches the app on the first visit); elsewhere it
    // would only add downloads to every test and hide requests from page.route.
    serviceWorkers: 'block',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The server, with a fake language model on a free port that it reaches over HTTP (e2e/serve.ts).
    command: 'node --import tsx e2e/serve.ts',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A fresh embedded database migrates before the server answers: 57 s at load 20 on 2 cores (5 s when quiet).
    timeout: 240_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'admin@e2e.test',
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      EXPENSIVE_RATE_LIMIT_PER_MINUTE: '1000',
      // Anonymous tests all come from 127.0.0.1: one minute's model calls of the suite exceed the default 20.
      AI_RATE_LIMIT_PER_MINUTE: '10000',
    },
  },
});
