import { defineConfig } from 'vitest/config';
import { helpNames } from './apps/web/src/features/assistant/offline/frontMatterPlugin';

export default defineConfig({
  test: {
    projects: [
      {
        // The offline assistant's corpus chunks (apps/web) read the English help names through it.
        plugins: [helpNames()],
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The default 5 s is a coin toss for CPU-bound tests on a loaded 2-core runner; a hang still fails.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // Migrates one database per run; createTestApp copies it for every app.
          globalSetup: ['apps/server/test/database-template.ts'],
          // Hashes each password once per file (scrypt at the production cost is most of a sign-up).
          setupFiles: ['apps/server/test/password-memo.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One database per file. Vitest runs cores - 1 files at once: one at a time on a 2-core machine, where
          // this suite is CPU-bound (scrypt, PDF, images), so more workers would not make it faster.
          fileParallelism: true,
          // Files share a worker's module cache instead of importing the whole server again each (71 s of a
          // 406 s run). Every file builds its own app, database and servers (createTestApp), so what stays is
          // only what one long-lived server process keeps anyway: compiled schemas, fonts, the help corpus.
          isolate: false,
        },
      },
    ],
  },
});
