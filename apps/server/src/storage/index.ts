import type { Config } from '../config';
import { createDiskStorage } from './disk';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export type { Storage, StoredObject } from './storage';

/** S3 when S3_BUCKET is set, else files under UPLOADS_DIR. */
export function createStorage(config: Pick<Config, 'uploadsDir' | 's3'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(config.uploadsDir);
}
