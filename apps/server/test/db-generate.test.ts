import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { latestSnapshot, renameFailure, renameQuestions } from '../src/db/generate';
import * as schema from '../src/db/schema';

/**
 * `npm run db:generate` and the drift test never stop at drizzle-kit's rename prompt: renameQuestions finds, from
 * the snapshots, each question drizzle-kit would ask, and renameFailure says what to run instead. Checked against
 * drizzle-kit itself: where it finds a question drizzle-kit asks (here, without a terminal, its prompt fails at
 * once), and where it finds none drizzle-kit writes the migration.
 */
const latest = latestSnapshot();
const current = generateDrizzleJson(schema, latest.id);

/** The current snapshot with one table's column renamed (as editing the schema file would make it). */
function withColumnRenamed(table: string, from: string, to: string): DrizzleSnapshotJSON {
  const next = structuredClone(current);
  const columns = next.tables[table]!.columns;
  columns[to] = { ...columns[from]!, name: to };
  delete columns[from];
  return next;
}

function withTableRenamed(from: string, to: string): DrizzleSnapshotJSON {
  const next = structuredClone(current);
  next.tables[`public.${to}`] = { ...next.tables[`public.${from}`]!, name: to };
  delete next.tables[`public.${from}`];
  return next;
}

// drizzle-kit prompts when stdin and stdout are terminals; otherwise the prompt rejects at once.
const promptFails = !process.stdin.isTTY || !process.stdout.isTTY;

describe('drizzle-kit generate never waits on a rename prompt', () => {
  it('a renamed column or table is a question; the failure names it and the command that answers it', () => {
    const column = renameQuestions(latest, withColumnRenamed('public.documents', 'title', 'heading'));
    expect(column).toEqual([{ place: 'columns of public.documents', gone: ['title'], added: ['heading'] }]);
    const table = renameQuestions(latest, withTableRenamed('writing_profiles', 'writing_styles'));
    expect(table).toEqual([{ place: 'tables', gone: ['public.writing_profiles'], added: ['public.writing_styles'] }]);
    const message = renameFailure([...column, ...table]);
    expect(message).toContain('columns of public.documents: title gone, heading added');
    expect(message).toContain('tables: public.writing_profiles gone, public.writing_styles added');
    expect(message).toContain('cd apps/server && npx drizzle-kit generate --name <what_changed>');
  });

  it('a new table or column alone asks nothing, and drizzle-kit writes it without asking', async () => {
    const probe = pgTable('rename_probe', { id: uuid('id').primaryKey(), note: text('note') });
    const next = generateDrizzleJson({ ...schema, probe }, latest.id);
    next.tables['public.documents']!.columns.summary = { name: 'summary', type: 'text', primaryKey: false, notNull: false };
    expect(renameQuestions(latest, next)).toEqual([]);
    const statements = await generateMigration(latest, next);
    expect(statements.join('\n')).toMatch(/CREATE TABLE "rename_probe"/);
    expect(statements.join('\n')).toMatch(/ALTER TABLE "documents" ADD COLUMN "summary" text/);
  });

  it.runIf(promptFails)('drizzle-kit itself asks about what renameQuestions finds', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // drizzle-kit logs the failed prompt too
    await expect(generateMigration(latest, withColumnRenamed('public.documents', 'title', 'heading'))).rejects.toThrow(/TTY/);
    await expect(generateMigration(latest, withTableRenamed('writing_profiles', 'writing_styles'))).rejects.toThrow(/TTY/);
  });
});
