import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * The backup file: gzip'd lines of text, portable between PGlite and PostgreSQL because it is
 * logical (rows as JSON), not a copy of either one's files.
 *
 *   {"format":"alumnet-backup",...}     header: when, from where, migrations, pictures
 *   {"table":"users","columns":[...]}   a table, in foreign-key order (parents first)
 *   [{...},{...}]                       a page of that table's rows, exactly as row_to_json wrote
 *                                       them (never parsed here, so numbers keep every digit)
 *   {"sequence":"cities_id_seq",...}    where each sequence stood
 *   {"file":"thumbs/x.jpg","data":...}  an uploaded picture, base64
 *   {"end":true,"sha256":...}           the sha256 of every byte above this line
 *
 * The trailer's checksum is checked from end to end before a restore touches the database, so a
 * truncated or altered file is refused as a whole.
 */
export const BACKUP_FORMAT = 'alumnet-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** Where the database was read from: 'embedded' (PGlite) or 'postgresql'. */
  source: 'embedded' | 'postgresql';
  /** The drizzle migrations applied to the source, oldest first (`created_at` is the journal's `when`). */
  migrations: { hash: string; createdAt: number }[];
  /** Pictures: copied into this file (disk), or left where they are (an S3 bucket). */
  pictures: { kind: 'disk' } | { kind: 's3'; bucket: string };
}

export interface TableLine {
  table: string;
  columns: string[];
  rows: number;
}
export interface SequenceLine {
  sequence: string;
  /** null: the sequence was never used (setval(..., 1, false) on restore). */
  value: string | null;
}
export interface FileLine {
  file: string;
  data: string;
}
export interface EndLine {
  end: true;
  sha256: string;
  tables: number;
  rows: number;
  files: number;
}

/** A backup file that cannot be trusted; the message says why in words an operator can act on. */
export class BackupFileError extends Error {}

/** Writes a backup line by line, hashing as it goes; `finish` appends the checksum trailer. */
export async function openBackupWriter(file: string) {
  const hash = createHash('sha256');
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file, { flags: 'wx' }));
  // A failed write (disk full) rejects `done`; surface it on the next line written.
  let failure: unknown;
  done.catch((error: unknown) => (failure = error));

  const write = async (text: string) => {
    if (failure) throw failure;
    if (!gzip.write(text)) await once(gzip, 'drain');
  };

  return {
    async line(value: object | string) {
      const text = `${typeof value === 'string' ? value : JSON.stringify(value)}\n`;
      hash.update(text);
      await write(text);
    },
    async finish(counts: Omit<EndLine, 'end' | 'sha256'>) {
      const sha256 = hash.digest('hex');
      const end: EndLine = { end: true, sha256, ...counts };
      await write(`${JSON.stringify(end)}\n`);
      gzip.end();
      await done;
      return sha256;
    },
    /** Stops writing after a failure; the caller removes the partial file. */
    async abort() {
      gzip.destroy();
      await done.catch(() => {});
    },
  };
}

/** The sha256 of the file's bytes as stored, to compare with `sha256sum` after copying it. */
export async function fileSha256(file: string) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export type BackupLine =
  | { kind: 'table'; value: TableLine }
  | { kind: 'rows'; json: string }
  | { kind: 'sequence'; value: SequenceLine }
  | { kind: 'file'; value: FileLine };

function damaged(detail: string) {
  return new BackupFileError(
    `The backup file is damaged (${detail}): it was cut short or changed after it was written. Nothing was restored.`,
  );
}

/**
 * Every line of the file after the header, in order, and the header first. Throws
 * BackupFileError for a file that is not a backup, cannot be unzipped, or whose checksum does not
 * match; `visit` has then seen lines from a file that is damaged, so callers that write anything
 * run `verifyBackup` first.
 */
export async function readBackup(
  file: string,
  visit: (line: BackupLine) => Promise<void> | void,
  onHeader?: (header: BackupHeader) => Promise<void> | void,
): Promise<{ header: BackupHeader; end: EndLine }> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  // Errors of the file or of unzipping end the line loop below through this.
  let streamError: Error | undefined;
  const fail = (error: Error) => {
    streamError = error;
    lines.close();
  };
  input.on('error', fail);
  gunzip.on('error', fail);

  const hash = createHash('sha256');
  let header: BackupHeader | undefined;
  let end: EndLine | undefined;
  try {
    for await (const text of lines) {
      if (end) throw damaged('data after the end mark');
      if (!header) {
        header = parseHeader(text);
        hash.update(`${text}\n`);
        await onHeader?.(header);
        continue;
      }
      if (text.startsWith('{"end":')) {
        end = JSON.parse(text) as EndLine;
        continue;
      }
      hash.update(`${text}\n`);
      await visit(parseLine(text));
    }
  } catch (error) {
    if (streamError) throw streamFailure(streamError, file);
    if (error instanceof SyntaxError) throw damaged('a line is not valid JSON');
    throw error;
  } finally {
    input.destroy();
  }
  if (streamError) throw streamFailure(streamError, file);
  if (!header) throw new BackupFileError(`${file} is empty: it is not an Alumnet backup.`);
  if (!end) throw damaged('its end mark is missing');
  if (hash.digest('hex') !== end.sha256) throw damaged('its checksum does not match');
  return { header, end };
}

/** Reads the whole file once and checks its checksum, without acting on any line. */
export function verifyBackup(file: string) {
  return readBackup(file, () => {});
}

function streamFailure(error: Error, file: string) {
  const code = 'code' in error ? String(error.code) : '';
  if (code === 'ENOENT') return new BackupFileError(`There is no file ${file}.`);
  if (code === 'EACCES') return new BackupFileError(`${file} cannot be read (permission denied).`);
  if (code === 'Z_DATA_ERROR' && /header/i.test(error.message))
    return new BackupFileError(`${file} is not an Alumnet backup (it is not gzip data).`);
  if (code.startsWith('Z_') || /unexpected end/i.test(error.message))
    return damaged(error.message.toLowerCase());
  return error;
}

function parseHeader(text: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(text) as Partial<BackupHeader>;
  } catch {
    throw new BackupFileError('This file is not an Alumnet backup (its first line is not JSON).');
  }
  if (header.format !== BACKUP_FORMAT)
    throw new BackupFileError('This file is not an Alumnet backup.');
  if (header.version !== BACKUP_VERSION)
    throw new BackupFileError(
      `This backup has format version ${header.version}; this Alumnet reads version ${BACKUP_VERSION}. Use the Alumnet version that made it.`,
    );
  return header as BackupHeader;
}

function parseLine(text: string): BackupLine {
  if (text.startsWith('[')) return { kind: 'rows', json: text };
  const value = JSON.parse(text) as Record<string, unknown>;
  if (typeof value.table === 'string')
    return { kind: 'table', value: value as unknown as TableLine };
  if (typeof value.sequence === 'string')
    return { kind: 'sequence', value: value as unknown as SequenceLine };
  if (typeof value.file === 'string') return { kind: 'file', value: value as unknown as FileLine };
  throw damaged('a line of an unknown kind');
}
