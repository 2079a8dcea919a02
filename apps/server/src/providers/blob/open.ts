import { join } from 'node:path';
import type { Config } from '../../config';
import { FileBlobStore, type BlobStore } from './index';
import { S3BlobStore } from './s3';

type StorageConfig = Pick<
  Config,
  'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/** The configured bucket, or null when blobs stay on the local disk. */
export function openS3Store(config: StorageConfig): S3BlobStore | null {
  if (!config.S3_BUCKET) return null;
  return new S3BlobStore({
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** The local blob folder: DATA_DIR/blobs. */
export function openFileStore(config: Pick<Config, 'DATA_DIR'>): FileBlobStore {
  return new FileBlobStore(join(config.DATA_DIR, 'blobs'));
}

/** S3 when S3_BUCKET is set, else the local folder (the embedded default). */
export function openBlobStore(config: StorageConfig): BlobStore {
  return openS3Store(config) ?? openFileStore(config);
}
