import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { BLOB_KEY, CONTENT_TYPE, type BlobStore, type ByteRange, type OpenBlob } from './index';

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO-style endpoints address buckets by path (`host/bucket/key`), not by host name. */
  forcePathStyle: boolean;
}

function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Ceph): one object per blob, named by its key,
 * with its content type as the object's Content-Type. A PUT is atomic in S3, so no temp names are needed.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default trailing
      // checksums on streamed uploads (aws-chunked encoding).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer | { stream: Readable; size: number }, contentType: string): Promise<void> {
    if (!BLOB_KEY.test(key)) throw new Error('Invalid blob key');
    if (!CONTENT_TYPE.test(contentType)) throw new Error(`Invalid content type: ${contentType}`);
    const body = Buffer.isBuffer(data) ? { Body: data, ContentLength: data.length } : { Body: data.stream, ContentLength: data.size };
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ...body }));
  }

  async get(key: string, range?: ByteRange): Promise<OpenBlob | null> {
    if (!BLOB_KEY.test(key)) return null;
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // With a range, the whole size is the part after the slash of "bytes 0-99/1234".
      const total = range ? Number(out.ContentRange?.split('/')[1]) : out.ContentLength;
      return { stream: out.Body as Readable, contentType: out.ContentType || 'application/octet-stream', size: Number(total ?? 0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!BLOB_KEY.test(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    if (!BLOB_KEY.test(key)) return null;
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Closes the client's idle connections (server shutdown). */
  close(): void {
    this.client.destroy();
  }
}
