// npm run backup -- <file> [--force]: one file with the database and the uploaded pictures.
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { createBackup, type BackupResult } from './backup';
import type { PortalFile } from './backup-route';
import {
  openTarget,
  parseArgs,
  progressPrinter,
  runningPortal,
  TargetUnavailableError,
} from './backup-target';

/** The running embedded portal makes the backup itself (ops/backup-route.ts). */
async function backupByPortal(portal: PortalFile, file: string): Promise<BackupResult> {
  const response = await fetch(`${portal.url}/internal/backup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${portal.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ file }),
  });
  const body = (await response.json()) as BackupResult & { message?: string };
  if (!response.ok) throw new TargetUnavailableError(body.message ?? `HTTP ${response.status}`);
  return body;
}

const progress = progressPrinter();
try {
  const { file, force } = parseArgs(process.argv.slice(2), 'npm run backup -- <file> [--force]');
  if (existsSync(file) && !force)
    throw new TargetUnavailableError(
      `${file} exists already. Choose another name, or add --force to replace it.`,
    );
  const config = loadConfig();
  const portal = runningPortal(config);
  const target = portal ? undefined : await openTarget(config, 'backup');
  try {
    let result: BackupResult;
    if (portal) {
      console.log(
        `Asking the running portal (process ${portal.pid}) to back up its embedded database to ${file}; it pauses while the database is read`,
      );
      result = await backupByPortal(portal, file);
    } else {
      console.log(`Backing up ${target!.where} to ${file}`);
      result = await createBackup({
        database: target!.url,
        source: target!.kind,
        file,
        pictures: config.s3
          ? { kind: 's3', bucket: config.s3.bucket }
          : { kind: 'disk', dir: config.uploadsDir },
        progress: progress.update,
      });
    }
    progress.done();
    console.log(
      [
        `Backup written: ${result.tables} tables, ${result.rows} rows, ${result.files} pictures${config.s3 ? ` (pictures stay in S3 bucket ${config.s3.bucket})` : ''}.`,
        `  checksum sha256:${result.sha256} (of its contents, stored in the file; restore checks it)`,
        `  file sha256: ${result.fileSha256}  (compare with sha256sum after copying)`,
        ...(result.pendingJobs > 0
          ? [
              `  Note: ${result.pendingJobs} background job(s) (a dispatch or import in progress) were queued; queued jobs are not in a backup.`,
            ]
          : []),
      ].join('\n'),
    );
  } finally {
    await target?.close();
  }
} catch (error) {
  progress.done();
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
