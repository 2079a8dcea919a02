/**
 * Operator command: copy every blob of DATA_DIR/blobs into the S3 bucket named by S3_BUCKET.
 *   npm run blobs:migrate
 * Safe to run again (already copied blobs are skipped) and while the server runs: blobs never change once
 * written. Switch the servers to S3_BUCKET once it reports no failures.
 */
import { SingleBar, Presets } from 'cli-progress';
import { loadConfig } from '../../config';
import { migrateBlobs } from './migrate';
import { openFileStore, openS3Store } from './open';

const config = loadConfig();
const target = openS3Store(config);
if (!target) {
  console.error('blobs:migrate needs S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed) to know where to copy.');
  process.exit(2);
}
const source = openFileStore(config);
try {
  await target.ping();
} catch (err) {
  console.error(`Cannot reach bucket ${config.S3_BUCKET}: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
const bar = new SingleBar({ format: 'blobs {bar} {percentage}% | {value}/{total} | copied {copied}, already there {skipped}, failed {failed}' }, Presets.shades_classic);
let started = false;
const result = await migrateBlobs(source, target, (p) => {
  const payload = { copied: p.copied, skipped: p.skipped, failed: p.failed.length };
  if (!started) bar.start(p.total, 0, payload);
  started = true;
  bar.update(p.done, payload);
});
bar.stop();
target.close();
for (const f of result.failed) console.error(`failed ${f.key}: ${f.error}`);
console.log(`${result.total} blobs in ${source.root}: ${result.copied} copied, ${result.skipped} already in ${config.S3_BUCKET}, ${result.failed.length} failed.`);
process.exit(result.failed.length > 0 ? 1 : 0);
