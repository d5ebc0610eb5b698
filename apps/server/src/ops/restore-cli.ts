// npm run restore -- <file> [--force]: into DATABASE_URL, or a fresh embedded database in DATA_DIR.
import { loadConfig } from '../config';
import { createStorage } from '../storage';
import { openTarget, parseArgs, progressPrinter } from './backup-target';
import { restoreBackup } from './restore';

const progress = progressPrinter();
try {
  const { file, force } = parseArgs(process.argv.slice(2), 'npm run restore -- <file> [--force]');
  const config = loadConfig();
  const target = await openTarget(config, 'restore');
  try {
    console.log(`Restoring ${file} into ${target.where}`);
    const result = await restoreBackup({
      databaseUrl: target.url,
      file,
      force,
      storage: createStorage(config),
      progress: progress.update,
    });
    progress.done();
    console.log(
      [
        `Restored: ${result.tables} tables, ${result.rows} rows, ${result.files} pictures.`,
        ...(result.pictures.kind === 's3'
          ? [
              `  The pictures of this backup are in S3 bucket ${result.pictures.bucket}: set S3_BUCKET=${result.pictures.bucket} (and its credentials) for the portal.`,
            ]
          : []),
      ].join('\n'),
    );
  } finally {
    await target.close();
  }
} catch (error) {
  progress.done();
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
