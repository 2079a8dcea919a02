import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { migrationsDir } from '../lib/paths';

/*
 * `drizzle-kit generate` stops and asks when, in one place, some names went and others came: each new one may
 * be an old one renamed. Without a terminal its prompt fails with a message about TTYs; in a terminal it waits.
 * `npm run db:generate` and the drift test find those questions first, from the snapshots, and fail with what
 * to run instead, so neither ever reaches the prompt.
 */

/** The snapshot drizzle-kit diffs the schema against: the newest in migrations/meta, in file-name order. */
export function latestSnapshot(metaDir = join(migrationsDir, 'meta')): DrizzleSnapshotJSON {
  const newest = readdirSync(metaDir)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`No drizzle-kit snapshot in ${metaDir}`);
  return JSON.parse(readFileSync(join(metaDir, newest), 'utf8')) as DrizzleSnapshotJSON;
}

/** One question drizzle-kit would ask: in `place`, these names went and these came. */
interface RenameQuestion {
  place: string;
  gone: string[];
  added: string[];
}

function question(place: string, before: object | undefined, after: object | undefined): RenameQuestion[] {
  const was = Object.keys(before ?? {});
  const is = Object.keys(after ?? {});
  const gone = was.filter((name) => !is.includes(name));
  const added = is.filter((name) => !was.includes(name));
  return gone.length > 0 && added.length > 0 ? [{ place, gone, added }] : [];
}

/**
 * Every question `drizzle-kit generate` would ask going from `prev` to `next`, in the places its resolvers
 * ask them: schemas, enums, sequences, roles, tables, policies and views, and the columns and policies of each
 * table that stays. Empty when it will not ask.
 */
export function renameQuestions(prev: DrizzleSnapshotJSON, next: DrizzleSnapshotJSON): RenameQuestion[] {
  const found = [
    ...question('schemas', prev.schemas, next.schemas),
    ...question('enums', prev.enums, next.enums),
    ...question('sequences', prev.sequences, next.sequences),
    ...question('roles', prev.roles, next.roles),
    ...question('tables', prev.tables, next.tables),
    ...question('policies', prev.policies, next.policies),
    ...question('views', prev.views, next.views),
  ];
  for (const key of Object.keys(next.tables)) {
    const [before, table] = [prev.tables[key], next.tables[key]];
    if (!before || !table) continue;
    found.push(...question(`columns of ${key}`, before.columns, table.columns), ...question(`policies of ${key}`, before.policies, table.policies));
  }
  return found;
}

/** What the developer reads instead of a prompt: the questions, and the command that asks them in a terminal. */
export function renameFailure(questions: RenameQuestion[]): string {
  return [
    'This schema change may rename something. drizzle-kit would stop to ask about each, and db:generate never waits on a prompt:',
    ...questions.map((q) => `  ${q.place}: ${q.gone.join(', ')} gone, ${q.added.join(', ')} added`),
    'Answer it in a terminal: cd apps/server && npx drizzle-kit generate --name <what_changed>',
    'For each one choose the rename (keeps the data) or the create (drops the old one), read the SQL it writes,',
    'then run the schema drift test.',
  ].join('\n');
}
