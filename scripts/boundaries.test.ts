import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as schema from '../apps/server/src/db/schema';

/**
 * The module boundaries of eslint.config.js bite: each case lints a made-up file at a real place in the tree
 * (the import targets are real files) and expects the boundaries rule to refuse or accept it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The map is plain JavaScript (ESLint loads it); imported by a path TypeScript does not resolve, so it leaves the JavaScript alone. */
const modulesMapPath: string = fileURLToPath(new URL('../eslint/server-modules.js', import.meta.url));
interface ModulesMap {
  SERVER_MODULE_DEPENDENCIES: Record<string, string[]>;
  TABLE_OWNERS: Record<string, string[]>;
  moduleCycle(graph: Record<string, string[]>): string[] | null;
}

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId?.startsWith('boundaries/') || m.ruleId?.startsWith('server-modules/') || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('module boundaries (ESLint)', () => {
  it('a web feature importing another feature fails lint', async () => {
    const errors = await boundaryErrors('apps/web/src/features/image/Crossing.ts', "export { default } from '../anime-generate/AiGenerateScreen';\n");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/shared/);
  });

  it('a lazy import.meta.glob into another feature fails lint too', async () => {
    const code = "export const screens = import.meta.glob('../report/ReportScreen.tsx');\n";
    expect(await boundaryErrors('apps/web/src/features/writing/Crossing.ts', code)).toHaveLength(1);
    const own = "export const help = import.meta.glob('../../../../../packages/core/help/*/en.md');\n";
    expect(await boundaryErrors('apps/web/src/features/assistant/Fine.ts', own)).toEqual([]);
  });

  it('a web feature may import shared/ and its own files', async () => {
    const code = "export { useGeneration } from '../../shared/image-generation/useGeneration';\nexport { Gallery } from './Gallery';\n";
    expect(await boundaryErrors('apps/web/src/features/image/Fine.ts', code)).toEqual([]);
  });

  it('the app shell may compose features', async () => {
    expect(await boundaryErrors('apps/web/src/app/Fine.ts', "export { default } from '../features/customizer/CustomizerPanel';\n")).toEqual([]);
  });

  it('a server module reaching into another module fails lint; its index.ts is the way in', async () => {
    const inside = await boundaryErrors('apps/server/src/modules/art/crossing.ts', "export { reserve } from '../billing/ledger';\n");
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatch(/index\.ts/);
    expect(await boundaryErrors('apps/server/src/modules/art/fine.ts', "export { reserve } from '../billing';\nexport { listReferenceArtworks } from './service';\n")).toEqual([]);
  });

  it('app.ts too goes through index.ts; only the worker task table loads module files alone', async () => {
    expect(await boundaryErrors('apps/server/src/crossing.ts', "export { billingRoutes } from './modules/billing/routes';\n")).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/workers/tasks.ts', "export { renderReportPdf } from '../modules/report/pdf';\n")).toEqual([]);
  });

  it('a server module imports only the modules its map entry lists, so no cycle can come back', async () => {
    // The two cycles there were (auth <-> account, auth <-> admin), and billing -> art, which would close art -> billing.
    for (const [file, code] of [
      ['apps/server/src/modules/auth/crossing.ts', "export { accountRoutes } from '../account';\n"],
      ['apps/server/src/modules/admin/crossing.ts', "export { checkPassword } from '../auth';\n"],
      ['apps/server/src/modules/billing/crossing.ts', "export { countArtworks } from '../art';\n"],
    ] as const) {
      const errors = await boundaryErrors(file, code);
      expect(errors, file).toHaveLength(1);
      expect(errors[0]).toMatch(/SERVER_MODULE_DEPENDENCIES/);
    }
    expect(await boundaryErrors('apps/server/src/modules/art/fine.ts', "export { usernamesByIds } from '../auth';\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/account/export/fine.ts', "export { documentsPage } from '../../documents';\n")).toEqual([]);
  });

  it('the dependency map itself is checked for cycles', async () => {
    const map = (await import(modulesMapPath)) as ModulesMap;
    expect(map.moduleCycle(map.SERVER_MODULE_DEPENDENCIES)).toBeNull();
    expect(map.moduleCycle({ a: ['b'], b: ['c'], c: ['a'], d: [] })).toEqual(['a', 'b', 'c', 'a']);
    expect(map.moduleCycle({ auth: ['admin'], admin: ['auth'] })).toEqual(['auth', 'admin', 'auth']);
    expect(map.moduleCycle({ a: ['b', 'c'], b: ['c'], c: [] })).toBeNull();
  });

  it("a module querying another module's table fails lint, through Drizzle or in SQL", async () => {
    const drizzle = "import { documents } from '../../db/schema';\nexport const t = documents;\n";
    expect(await boundaryErrors('apps/server/src/modules/literature/crossing.ts', drizzle)).toEqual([expect.stringMatching(/table documents belongs to documents/)]);
    expect(await boundaryErrors('apps/server/src/modules/documents/fine.ts', drizzle)).toEqual([]);
    const raw = "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT m.meta FROM report_meta m JOIN documents d ON d.id = m.document_id`;\n";
    const errors = await boundaryErrors('apps/server/src/modules/literature/crossing.ts', raw);
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toMatch(/table report_meta belongs to report/);
    expect(await boundaryErrors('apps/server/src/modules/account/crossing.ts', "import { sql } from 'drizzle-orm';\nexport const q = sql`UPDATE sessions SET revoked_at = now()`;\n")).toEqual([
      expect.stringMatching(/table sessions belongs to auth/),
    ]);
    // The rest of the server too: a plugin does not touch the sessions, the blob registry keeps its own tables.
    const sessions = "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT user_id FROM sessions WHERE token_hash = ${'x'}`;\n";
    expect(await boundaryErrors('apps/server/src/plugins/crossing.ts', sessions)).toHaveLength(1);
    const blobs = "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT key FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM blob_refs r WHERE r.blob_key = b.key)`;\n";
    expect(await boundaryErrors('apps/server/src/providers/blob/fine.ts', blobs)).toEqual([]);
    expect(await boundaryErrors('apps/server/src/lib/crossing.ts', blobs)).toHaveLength(2);
    const types = "import type { StoredCanvas } from '../../db/schema';\nexport type C = StoredCanvas;\n";
    expect(await boundaryErrors('apps/server/src/modules/account/fine.ts', types)).toEqual([]);
  });

  it('sql.raw and sql.identifier naming a foreign table fail lint too; a name made at run time only where the map allows it', async () => {
    const drizzle = "import { sql } from 'drizzle-orm';\n";
    const literature = 'apps/server/src/modules/literature/crossing.ts';
    // Each of these passed the rule that read only sql`...` text.
    for (const [code, table] of [
      ["export const q = sql`SELECT * FROM ${sql.identifier('report_meta')}`;\n", 'report_meta'],
      ["export const q = sql.raw('DELETE FROM sessions WHERE revoked_at IS NOT NULL');\n", 'sessions'],
      ['export const q = sql.raw(`"documents"`);\n', 'documents'],
      ["export const q = sql`SELECT count(*) FROM public.documents`;\n", 'documents'],
    ] as const) {
      expect(await boundaryErrors(literature, drizzle + code), code).toEqual([expect.stringMatching(new RegExp(`table ${table} belongs to`))]);
    }
    const aliased = "import { sql as q } from 'drizzle-orm';\nexport const rows = q`SELECT * FROM sessions`;\n";
    expect(await boundaryErrors(literature, aliased)).toEqual([expect.stringMatching(/table sessions belongs to auth/)]);
    // The owner may; words that are no table are no concern.
    expect(await boundaryErrors('apps/server/src/modules/documents/fine.ts', `${drizzle}export const q = sql.identifier('documents');\nexport const d = sql.raw('DESC');\n`)).toEqual([]);
    // A name computed at run time could be any table: refused unless the file is listed with its reason.
    const runTime = `${drizzle}export const del = (t: string) => sql\`DELETE FROM \${sql.identifier(t)}\`;\nexport const raw = (t: string) => sql.raw(\`SELECT 1 FROM \${t}\`);\n`;
    expect(await boundaryErrors(literature, runTime)).toEqual([expect.stringMatching(/sql\.identifier with a name computed/), expect.stringMatching(/sql\.raw with a name computed/)]);
    expect(await boundaryErrors('apps/server/src/modules/account/delete.ts', runTime)).toEqual([]);
  });

  it('every Drizzle table has an owner, and its export name is its SQL name in camelCase', async () => {
    const { TABLE_OWNERS } = (await import(modulesMapPath)) as ModulesMap;
    const owned = new Set(Object.values(TABLE_OWNERS).flat());
    let tables = 0;
    for (const [name, value] of Object.entries(schema)) {
      if (!is(value, PgTable)) continue;
      tables += 1;
      const sqlName = getTableName(value);
      expect(owned.has(sqlName), `${sqlName} has no owner in eslint/server-modules.js`).toBe(true);
      expect(name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).toBe(sqlName);
    }
    expect(tables).toBeGreaterThan(20);
  });
});

