import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module boundaries of eslint.config.js bite: each case lints a made-up file at a real place in the tree
 * (the import targets are real files) and expects the boundaries rule to refuse or accept it.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId?.startsWith('boundaries/') || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
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
});
