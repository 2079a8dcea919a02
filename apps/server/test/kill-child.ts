import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/db/connection';
import { createThrowawayDatabase } from './helpers';

/** Runs a `*.child.ts` script in its own process until it dies; answers what it printed and how it ended. */
export function runChild(file: string, env: Record<string, string>): Promise<{ out: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, file)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', (_code, signal) => resolve({ out, signal }));
  });
}

/**
 * A database a child process can use and die on, and the parent reopen afterwards: a throwaway PostgreSQL
 * database when TEST_DATABASE_URL is set, otherwise PGlite files on disk (the restarted process recovers
 * what the killed one left behind). `env` is what the child reads (KILL_DATABASE_URL or KILL_DATA_DIR).
 */
export async function killableDatabase(prefix: string): Promise<{ env: Record<string, string>; reopen(): Promise<Database>; cleanup(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const throwaway = await createThrowawayDatabase(adminUrl, prefix);
    return { env: { KILL_DATABASE_URL: throwaway.url }, reopen: () => openDatabase({ databaseUrl: throwaway.url, dataDir: 'unused' }), cleanup: throwaway.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { env: { KILL_DATA_DIR: dir }, reopen: () => openDatabase({ dataDir: dir }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}
