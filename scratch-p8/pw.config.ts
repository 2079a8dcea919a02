import base from '../playwright.config';
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A private snapshot of the built app, so other engineers' rebuilds cannot pull dist away mid-run.
const PORT = 3188;
export default defineConfig({
  ...base,
  testDir: '../e2e',
  outputDir: '../test-results/p8',
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    ...(base.webServer as object),
    command: 'node /tmp/p8app/apps/server/dist/main.js',
    cwd: '/tmp/p8app',
    url: `http://127.0.0.1:${PORT}/api/health`,
    env: { ...((base.webServer as { env: Record<string, string> }).env), PORT: String(PORT), DATA_DIR: mkdtempSync(join(tmpdir(), 'yumi-p8-')) },
  },
});
