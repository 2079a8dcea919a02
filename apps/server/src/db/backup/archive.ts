import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { entries } from 'tar';
import { z } from 'zod';
import { BLOB_KEY, CONTENT_TYPE } from '../../providers/blob';

/**
 * The archive of `npm run backup`: a gzipped tar holding
 *   manifest.json           what follows, with the size and SHA-256 of every other file
 *   db/<table>.copy         each table's rows in PostgreSQL's COPY text format (snapshot.ts)
 *   blobs/<ab>/<key>        every blob of DATA_DIR/blobs (its content type is in the manifest)
 *   encryption.key          only with --with-key
 * Nothing else is accepted on restore: no links, no other paths.
 */

export const FORMAT = 'yumi-studio-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const fileEntry = z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256 });

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  createdAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    engine: z.literal('pglite'),
    postgres: z.string(),
    takenAt: z.string(),
    /** The last migration applied; `migrations` lists all of them. */
    migration: z.string(),
    migrations: z.array(z.string()),
    tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()), rows: z.number().int().nonnegative(), file: z.string() })),
    rowCounts: z.record(z.string(), z.number().int().nonnegative()),
    sequences: z.array(z.object({ name: z.string(), value: z.string().nullable(), start: z.string() })),
    referencedBlobs: z.number().int().nonnegative(),
  }),
  blobs: z.array(z.object({ key: z.string().regex(BLOB_KEY), size: z.number().int().nonnegative(), sha256, contentType: z.string().regex(CONTENT_TYPE) })),
  /** Keys the database references that DATA_DIR/blobs did not hold when the backup was made. */
  missingBlobs: z.array(z.string()),
  /** db/ files and encryption.key. */
  files: z.array(fileEntry),
  /** `included`: encryption.key is in the archive; `kept-apart`: the server had one, copy it yourself. */
  encryptionKey: z.enum(['included', 'kept-apart', 'none']),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const blobPath = (key: string) => `blobs/${key.slice(0, 2)}/${key}`;

/** Every path the manifest says the archive holds, with its size and digest. */
function expectedFiles(manifest: Manifest): Map<string, { size: number; sha256: string }> {
  const files = new Map<string, { size: number; sha256: string }>();
  for (const f of manifest.files) files.set(f.path, { size: f.size, sha256: f.sha256 });
  for (const b of manifest.blobs) files.set(blobPath(b.key), { size: b.size, sha256: b.sha256 });
  return files;
}

export async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** A refusal worth one sentence to the operator (exit code 1). */
export class RestoreRefused extends Error {}

/**
 * Reads the archive once, writing nothing: the manifest, and the size and SHA-256 of every file in it.
 * Throws RestoreRefused for anything but plain files and folders.
 */
export async function scanArchive(file: string): Promise<{ manifestText: string | null; digests: Map<string, { size: number; sha256: string }> }> {
  const digests = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  try {
    for await (const entry of entries(createReadStream(file) as AsyncIterable<Uint8Array>)) {
      if (entry.type === 'Directory') continue;
      if (entry.type !== 'File' && entry.type !== 'OldFile') throw new RestoreRefused(`The archive holds ${entry.path}, a ${entry.type} entry; a backup holds plain files only.`);
      if (digests.has(entry.path)) throw new RestoreRefused(`The archive holds ${entry.path} twice.`);
      const hash = createHash('sha256');
      const kept: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of entry.body) {
        hash.update(chunk);
        size += chunk.length;
        if (entry.path === MANIFEST) kept.push(new Uint8Array(chunk));
      }
      digests.set(entry.path, { size, sha256: hash.digest('hex') });
      if (entry.path === MANIFEST) manifestText = Buffer.concat(kept).toString('utf8');
    }
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(`${file} is not a readable .tar.gz archive (${err instanceof Error ? err.message : String(err)}).`);
  }
  return { manifestText, digests };
}

/** Parses the manifest, refusing formats newer than this code knows before looking at anything else. */
export function parseManifest(text: string | null): Manifest {
  if (text === null) throw new RestoreRefused('The archive has no manifest.json: it is not a Yumi Studio backup.');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new RestoreRefused('The archive’s manifest.json is not JSON: it is not a Yumi Studio backup.');
  }
  const head = z.object({ format: z.literal(FORMAT), formatVersion: z.number().int().positive() }).safeParse(raw);
  if (!head.success) throw new RestoreRefused('The archive’s manifest.json is not that of a Yumi Studio backup.');
  if (head.data.formatVersion > FORMAT_VERSION) {
    throw new RestoreRefused(`The backup has format version ${head.data.formatVersion}, newer than this version of Yumi Studio reads (${FORMAT_VERSION}); restore it with a newer version.`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new RestoreRefused(`The archive’s manifest.json is damaged (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}).`);
  return parsed.data;
}

/** Every file the manifest lists is in the archive with its size and SHA-256, and nothing else is. */
export function checkDigests(manifest: Manifest, digests: Map<string, { size: number; sha256: string }>): void {
  const expected = expectedFiles(manifest);
  for (const [path, want] of expected) {
    const got = digests.get(path);
    if (!got) throw new RestoreRefused(`The archive is incomplete: ${path} is listed in manifest.json but missing; nothing was written.`);
    if (got.sha256 !== want.sha256 || got.size !== want.size) {
      throw new RestoreRefused(`The archive is damaged: ${path} does not match its sha256 in manifest.json; nothing was written.`);
    }
  }
  for (const path of digests.keys()) {
    if (path !== MANIFEST && !expected.has(path)) throw new RestoreRefused(`The archive holds ${path}, which manifest.json does not list; nothing was written.`);
  }
}

/**
 * Writes the files the manifest lists into `dir`, hashing them again on the way (the archive could have
 * changed since it was checked): throws RestoreRefused on any difference.
 */
export async function extractArchive(file: string, manifest: Manifest, dir: string): Promise<void> {
  const expected = expectedFiles(manifest);
  const seen = new Set<string>();
  for await (const entry of entries(createReadStream(file) as AsyncIterable<Uint8Array>)) {
    const want = expected.get(entry.path);
    if (!want || entry.type === 'Directory') continue;
    const target = join(dir, ...entry.path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of entry.body) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      })(),
    );
    await pipeline(counted, createWriteStream(target, { mode: entry.path === 'encryption.key' ? 0o600 : 0o644 }));
    if (hash.digest('hex') !== want.sha256 || size !== want.size) throw new RestoreRefused(`The archive changed while it was restored: ${entry.path} no longer matches manifest.json.`);
    seen.add(entry.path);
  }
  for (const path of expected.keys()) if (!seen.has(path)) throw new RestoreRefused(`The archive changed while it was restored: ${path} is gone.`);
}
