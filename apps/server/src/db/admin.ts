import pg from 'pg';

/** The URL of database `name` on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One statement on its own connection, outside any pool: CREATE and DROP DATABASE cannot run
 * inside a transaction, nor while the pool holds the database open.
 */
export async function adminQuery(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
