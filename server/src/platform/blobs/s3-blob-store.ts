import { type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { NotFound } from '../errors';
import { assertValidBlobKey, assertValidBlobPrefix } from './blob-key';
import type { BlobInfo, BlobStore, ByteRange } from './blob-store';

export interface S3BlobStoreOptions {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Keys listed and deleted per request by deletePrefix; S3 allows at most 1000 (tests lower it to exercise paging). */
  deleteBatchSize?: number;
}

const MAX_DELETE_BATCH = 1000;
/** 8 MiB parts, 4 in flight: at most ~32 MiB buffered per upload however large the file. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/** Blobs in an S3-compatible bucket (AWS, MinIO, Garage, Ceph...); path-style so any endpoint works without DNS tricks. */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly deleteBatchSize: number;

  constructor(options: S3BlobStoreOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region ?? 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
    this.bucket = options.bucket;
    this.deleteBatchSize = Math.min(options.deleteBatchSize ?? MAX_DELETE_BATCH, MAX_DELETE_BATCH);
  }

  async put(
    key: string,
    body: Buffer | Readable,
    options?: { contentType?: string },
  ): Promise<{ size: number }> {
    assertValidBlobKey(key);
    const contentType = options?.contentType;
    if (Buffer.isBuffer(body)) {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
      );
      return { size: body.length };
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    let sourceError: Error | undefined;
    // A failing source must fail the upload; pipe() alone would leave the counter waiting forever.
    body.once('error', (error) => {
      sourceError = error;
      counter.destroy(error);
    });
    body.pipe(counter);
    // Upload sends one PutObject for small bodies and a multipart upload otherwise; on error it aborts the
    // multipart upload, so the key never shows a partial object.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counter, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The caller needs the cause (a dropped client), not a secondary failure to abort the multipart upload.
      throw sourceError ?? error;
    }
    return { size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidBlobKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      throw isMissing(error) ? new NotFound() : error;
    }
  }

  async getBuffer(key: string): Promise<Buffer> {
    assertValidBlobKey(key);
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return Buffer.alloc(0);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      throw isMissing(error) ? new NotFound() : error;
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    assertValidBlobKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidBlobKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    if (prefix !== '') assertValidBlobPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(token ? { ContinuationToken: token } : {}),
          MaxKeys: this.deleteBatchSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertValidBlobPrefix(prefix);
    // Deleting a page changes what the next listing returns, so always list from the start until nothing is left.
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.deleteBatchSize }),
      );
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length === 0) return;
      const result = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        const first = failed[0];
        throw new Error(
          `S3 could not delete ${failed.length} object(s), e.g. ${first?.Key}: ${first?.Message}`,
        );
      }
      if (!page.IsTruncated) return;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}
