import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { blobKey, FileBlobStore } from '../src/providers/blob';
import { migrateBlobs, type MigrateProgress } from '../src/providers/blob/migrate';
import { openS3Store } from '../src/providers/blob/open';
import type { S3BlobStore } from '../src/providers/blob/s3';
import { startS3Server } from './s3-server';

// `npm run blobs:migrate` copies DATA_DIR/blobs into the bucket: every blob, once, again after a partial copy.

let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: S3BlobStore;
const dataDir = mkdtempSync(join(tmpdir(), 'yumi-migrate-'));
const local = new FileBlobStore(join(dataDir, 'blobs'));
const blobs = [Buffer.from('first blob'), Buffer.alloc(200_000, 3), Buffer.from('<svg/>')];
const types = ['text/plain', 'image/png', 'image/svg+xml'];

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = openS3Store(testConfig(s3.env))!;
  await Promise.all(blobs.map((b, i) => local.put(blobKey(b), b, types[i]!)));
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function runCli(env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/providers/blob/migrate-cli.ts'], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe('blobs:migrate', () => {
  it('copies every blob with its type, reports progress, and skips them the second time', async () => {
    const seen: number[] = [];
    const first = await migrateBlobs(local, bucket, (p: MigrateProgress) => seen.push(p.done));
    expect(first).toMatchObject({ total: 3, done: 3, copied: 3, skipped: 0, failed: [] });
    expect(seen).toEqual([0, 1, 2, 3]);
    for (const [i, b] of blobs.entries()) {
      const got = await bucket.get(blobKey(b));
      expect(got?.contentType).toBe(types[i]);
      expect((await buffer(got!.stream)).equals(b)).toBe(true);
    }
    expect(await migrateBlobs(local, bucket)).toMatchObject({ copied: 0, skipped: 3, failed: [] });
  });

  it('copies again what is partial in the bucket, and reports a local blob without its type as failed', async () => {
    const big = blobs[1]!;
    await bucket.put(blobKey(big), big.subarray(0, 10), 'image/png');
    const orphan = Buffer.from('no sidecar');
    await local.put(blobKey(orphan), orphan, 'text/plain');
    rmSync(`${local.pathFor(blobKey(orphan))}.type`);
    const again = await migrateBlobs(local, bucket);
    expect(again).toMatchObject({ total: 4, copied: 1, skipped: 2 });
    expect(again.failed).toEqual([{ key: blobKey(orphan), error: expect.stringMatching(/no type/) }]);
    expect(await bucket.size(blobKey(big))).toBe(big.length);
    rmSync(local.pathFor(blobKey(orphan)));
  });

  it('runs as a command: needs S3_BUCKET, then copies and prints a summary', async () => {
    const missing = await runCli({ DATA_DIR: dataDir });
    expect(missing.code).toBe(2);
    expect(missing.out).toMatch(/needs S3_BUCKET/);
    const unreachable = await runCli({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: 'no-such-bucket' });
    expect(unreachable.code).toBe(1);
    expect(unreachable.out).toMatch(/Cannot reach bucket no-such-bucket/);
    const ok = await runCli({ DATA_DIR: dataDir, ...s3.env });
    expect(ok.out).toMatch(/3 blobs in .*: 0 copied, 3 already in yumi-test, 0 failed\./);
    expect(ok.code).toBe(0);
  });
});
