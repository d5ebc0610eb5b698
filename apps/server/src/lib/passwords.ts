import { hash, verify } from '@node-rs/argon2';
import { badRequest } from './errors';

// OWASP's argon2id baseline (19 MiB, 2 passes): ~13 ms a hash on this kind of machine.
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string) {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when the account is unknown keeps the answer time the same, so timing
 * does not tell which e-mail addresses have accounts.
 */
export const DUMMY_HASH = await hashPassword('not-a-real-password');

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of leaked passwords. Please choose another.';

// zxcvbn-ts's list of ~49,000 passwords most often found in breaches (lower case). Loaded and
// built on first use, not at start: a process that never sets a password never pays for it (the
// package holds every zxcvbn dictionary, some MB of heap).
let common: Promise<ReadonlySet<string>> | undefined;

/** Case-insensitive: "Password1" is as guessable as "password1". */
export async function isCommonPassword(password: string) {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())),
  );
  return (await common).has(password.toLowerCase());
}

/**
 * The one check and hash for every password a person chooses (sign-up by invitation, reset,
 * first-login change, profile). Length is the contract's; this adds what only the server knows.
 * Throws 400 with COMMON_PASSWORD_MESSAGE before anything is written.
 */
export async function hashChosenPassword(password: string) {
  if (await isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
  return hashPassword(password);
}
