import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Executor } from './client';
import { appSecret } from './app-secret';

/**
 * Secrets the portal must read back (TOTP seeds, a college's OIDC client secret) are kept
 * encrypted with a key derived from the installation's secret (AES-256-GCM): a copy of the
 * tables alone, a backup file or a leaked dump, does not hand them over.
 */
const VERSION = 'v1';

const keyOf = (secret: string, purpose: string) =>
  createHash('sha256').update(`${purpose}\0${secret}`).digest();

export async function sealSecret(db: Executor, purpose: string, plain: string) {
  const key = keyOf(await appSecret(db), purpose);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map(encode).join('.');
}

/** The plain text; throws when the value was not sealed by this installation for this purpose. */
export async function openSecret(db: Executor, purpose: string, sealed: string) {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new Error('not a sealed secret');
  const key = keyOf(await appSecret(db), purpose);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

function encode(part: string | Buffer) {
  return typeof part === 'string' ? part : part.toString('base64url');
}
