import type { Readable } from 'node:stream';

/** An object read back from storage: a stream, so large files never sit whole in memory. */
export interface StoredObject {
  body: Readable;
  /** Bytes, when the driver knows it before streaming. */
  size: number | undefined;
}

/**
 * Where uploaded files live. Keys are flat names, optionally under one folder (`thumbs/x.jpg`);
 * every driver refuses anything else, so no key can reach outside its store.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; no such object is no error (issue 30: deleted accounts, old exports). */
  remove(key: string): Promise<void>;
}

const KEY = /^(?:[\w-]+\/)?[\w-][\w.-]*$/;

export function assertStorageKey(key: string): void {
  if (key.length > 300 || !KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
}
