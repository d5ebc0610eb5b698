import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { adminQuery, databaseUrl } from '../db/admin';
import { prepareDatabase } from './template';

/**
 * With TEST_DATABASE_URL (a real PostgreSQL server) every test file gets a database cloned from
 * a template made here; without it, every file loads a PGlite data dump made here. Either way
 * the migrations and seeds run once per test run, not once per file.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `alumnet_tpl_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    await prepareDatabase(databaseUrl(serverUrl, template));
    project.provide('dbTemplate', { kind: 'postgres', adminUrl: serverUrl, template });
    return async () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  const embedded = await startEmbeddedPostgres();
  try {
    await prepareDatabase(embedded.url);
    const dir = mkdtempSync(path.join(tmpdir(), 'alumnet-test-'));
    const dumpPath = path.join(dir, 'template.tar');
    writeFileSync(dumpPath, Buffer.from(await (await embedded.dump()).arrayBuffer()));
    project.provide('dbTemplate', { kind: 'pglite', dumpPath });
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await embedded.stop();
  }
}
