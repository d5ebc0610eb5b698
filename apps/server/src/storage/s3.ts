import { Readable } from 'node:stream';
import type * as AwsS3 from '@aws-sdk/client-s3';
import { CACHE_FOREVER } from '../lib/http-cache';
import { assertStorageKey, type Storage } from './storage';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

const isMissing = (sdk: typeof AwsS3, error: unknown) =>
  error instanceof sdk.NoSuchKey ||
  error instanceof sdk.NotFound ||
  (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404);

/**
 * Objects in one S3 (or S3-compatible) bucket, keyed like the disk driver's files. The SDK is
 * loaded by the first call, not at start: it is tens of MB a portal storing its pictures on disk
 * would otherwise hold for nothing (this module is imported either way).
 */
export function createS3Storage(options: S3Options): Storage {
  let connected: Promise<{ sdk: typeof AwsS3; client: AwsS3.S3Client }> | undefined;
  const connect = () =>
    (connected ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        credentials: options.credentials,
        // Checksums only where S3 requires them: several S3-compatible services reject the
        // newer default checksum headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // A stuck bucket fails the request instead of holding it open.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      }),
    })));
  const bucket = options.bucket;

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          // Stored names are never reused, so anything serving the bucket directly may cache forever.
          CacheControl: CACHE_FOREVER,
        }),
      );
    },

    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(answer.Body instanceof Readable))
          throw new Error('S3 answered without a body stream');
        return { body: answer.Body, size: answer.ContentLength };
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },

    async exists(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(sdk, error)) return false;
        throw error;
      }
    },

    async remove(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      // S3 answers a missing key's delete as done.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}
