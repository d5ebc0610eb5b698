import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded';
import { PORTAL_FILE, type PortalFile } from './backup-route';

/** The database a backup reads or a restore writes, as the portal's own configuration names it. */
export interface BackupTarget {
  url: string;
  kind: 'embedded' | 'postgresql';
  /** Where it is, for messages: the data folder or the server's host. */
  where: string;
  close: () => Promise<void>;
}

/** A command-line refusal: printed as it is, exit code 1. */
export class TargetUnavailableError extends Error {}

/**
 * DATABASE_URL when set; otherwise the embedded database in DATA_DIR/pg, opened by this process.
 *
 * The embedded database must not be open in a running portal at the same time: PGlite is one
 * Postgres session with no lock on its folder, so two processes writing it corrupt it, and a
 * second connection through the portal's socket server shares the portal's session (a
 * transaction begun by one would swallow the other's statements). PGlite keeps postmaster.pid in
 * the folder while it is open and removes it on a clean close, which is what is checked here.
 */
export async function openTarget(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  mode: 'backup' | 'restore',
): Promise<BackupTarget> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      url: config.databaseUrl,
      kind: 'postgresql',
      where: `PostgreSQL at ${url.host}${url.pathname}`,
      close: async () => {},
    };
  }
  const folder = path.join(config.dataDir, 'pg');
  if (mode === 'backup' && !existsSync(path.join(folder, 'PG_VERSION')))
    throw new TargetUnavailableError(
      `There is no embedded database in ${folder}. Set DATA_DIR to the portal's data folder, or DATABASE_URL to back up PostgreSQL.`,
    );
  if (existsSync(path.join(folder, 'postmaster.pid')))
    throw new TargetUnavailableError(
      [
        `The embedded database in ${folder} is in use by a running portal.`,
        `Stop the portal first (Ctrl-C, or SIGTERM to its process), then run the ${mode} again.`,
        'If no portal is running, it was stopped without shutting down (killed): start it once and stop it with Ctrl-C, then try again.',
      ].join('\n'),
    );
  const embedded = await startEmbeddedPostgres(folder);
  return {
    url: embedded.url,
    kind: 'embedded',
    where: `the embedded database in ${folder}`,
    close: embedded.stop,
  };
}

/**
 * The embedded portal running on this data folder, if any: it wrote DATA_DIR/portal.json when it
 * started listening and removes it when it stops cleanly; a killed one leaves it behind, so the
 * process is checked too.
 */
export function runningPortal(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  if (config.databaseUrl) return null;
  let portal: PortalFile;
  try {
    portal = JSON.parse(readFileSync(path.join(config.dataDir, PORTAL_FILE), 'utf8')) as PortalFile;
    process.kill(portal.pid, 0);
  } catch {
    return null;
  }
  return portal;
}

/** One progress line that rewrites itself on a terminal; stage changes only, in a log. */
export function progressPrinter(stream: NodeJS.WriteStream = process.stderr) {
  let last = '';
  return {
    update(text: string) {
      if (stream.isTTY) {
        stream.write(`\r${text.slice(0, (stream.columns || 80) - 1).padEnd(last.length)}`);
        last = text;
      } else if (!/\d+\/\d+ rows$|^pictures: \d+/.test(text)) {
        stream.write(`${text}\n`);
      }
    },
    done() {
      if (stream.isTTY && last) stream.write('\n');
      last = '';
    },
  };
}

/** `<file> [--force]` from the command line; anything else is a usage error. */
export function parseArgs(argv: string[], usage: string) {
  const force = argv.includes('--force');
  const rest = argv.filter((arg) => arg !== '--force');
  const file = rest[0];
  if (rest.length !== 1 || !file || file.startsWith('-'))
    throw new TargetUnavailableError(`Usage: ${usage}`);
  return { file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file), force };
}
