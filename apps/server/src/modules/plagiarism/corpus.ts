import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';
import type { Db } from '../../db/connection';
import * as repo from './repository';
import { inThisThread } from './compare';
import { indexSource, refreshStale } from './service';

/** Text files the reference corpus import reads. */
const TEXT_EXTENSIONS = new Set(['.txt', '.md', '.markdown', '.tex', '.text']);
const MAX_FILE_BYTES = 10_000_000;

export interface ImportSummary {
  added: number;
  updated: number;
  unchanged: number;
  skipped: string[];
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Loads a folder of texts (recursively) into the operator's reference corpus, which every user's check
 * compares against. Re-running it only re-fingerprints files whose content changed. A command, not a
 * request: the fingerprinting runs in this thread.
 */
export async function importCorpusFolder(db: Db, dir: string, log: (line: string) => void = () => {}): Promise<ImportSummary> {
  const summary: ImportSummary = { added: 0, updated: 0, unchanged: 0, skipped: [] };
  for await (const path of walk(dir)) {
    const rel = relative(dir, path);
    if (!TEXT_EXTENSIONS.has(extname(path).toLowerCase())) {
      summary.skipped.push(rel);
      continue;
    }
    if ((await stat(path)).size > MAX_FILE_BYTES) {
      summary.skipped.push(rel);
      continue;
    }
    const body = await readFile(path, 'utf8');
    const hash = createHash('md5').update(body).digest('hex');
    const existing = await repo.findSource(db, null, 'reference', rel);
    if (existing?.contentHash === hash) {
      summary.unchanged += 1;
      continue;
    }
    const title = /^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? basename(path, extname(path));
    await indexSource(db, inThisThread, { ownerId: null, kind: 'reference', refKey: rel, title, body, contentHash: hash });
    if (existing) summary.updated += 1;
    else summary.added += 1;
    log(`${existing ? 'updated' : 'added'} ${rel}`);
  }
  // Unchanged files fingerprinted by an older folding version are brought up to date here, not by the first check.
  const refreshed = await refreshStale(db, inThisThread, null);
  if (refreshed) log(`refreshed the fingerprints of ${refreshed} sources`);
  return summary;
}
