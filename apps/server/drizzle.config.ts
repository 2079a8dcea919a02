import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <what_changed>` diffs src/db/schema against the newest snapshot in migrations/meta
// and writes the next migrations/NNNN_<what_changed>.sql, which src/db/migrate.ts applies (docs/operations.md).
// It runs drizzle-kit through src/db/generate-cli.ts, which refuses a possible rename instead of prompting.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
});
