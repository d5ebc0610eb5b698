import type { PGlite } from '@electric-sql/pglite';

/** Statements kept prepared at most: PGlite's memory only grows, so their plans are bounded. */
export const PREPARED_STATEMENTS_LIMIT = 256;
/**
 * A text is prepared the second time it is seen, so one-off texts are planned once as before.
 * Texts seen once are remembered for that, and forgotten together past this many.
 */
const SIGHTINGS_LIMIT = 1_000;

const PARSE = 0x50; // 'P'
const BIND = 0x42; // 'B'
const DESCRIBE = 0x44; // 'D'
/** The messages the socket server gathers into one batch, which any other message ends. */
const BATCHED = new Set([PARSE, BIND, DESCRIBE, 0x45, 0x43]); // and 'E'xecute, 'C'lose
const STATEMENT = 0x53; // Describe's 'S'
const PARSE_COMPLETE = new Uint8Array([0x31, 0, 0, 0, 4]);

/** SQLSTATEs (as ErrorResponse's C field) of a prepared statement gone or changed under us. */
const STALE_CODES = ['C26000', 'C0A000'].map((code) => Buffer.from(`${code}\0`, 'latin1'));

type RunOptions = Parameters<PGlite['execProtocolRawStream']>[1];

const includes = (data: Uint8Array, part: Buffer) =>
  Buffer.from(data.buffer, data.byteOffset, data.length).includes(part);

/** Close (a statement): what DEALLOCATE is in the protocol. */
function closeStatement(name: string) {
  const out = Buffer.alloc(7 + name.length);
  out[0] = 0x43; // 'C'
  out.writeInt32BE(out.length - 1, 1);
  out[5] = STATEMENT;
  out.write(name, 6, 'latin1');
  return out;
}

/** A message with `name` in place of the empty C string at `at`, its length field updated. */
function withName(message: Uint8Array, at: number, name: string) {
  const out = Buffer.allocUnsafe(message.length + name.length);
  out.set(message.subarray(0, at), 0);
  out.write(name, at, 'latin1');
  out.set(message.subarray(at), at + name.length);
  out.writeInt32BE(out.length - 1, 1);
  return out;
}

/**
 * Plans each repeated statement once instead of on every call, for the embedded database.
 *
 * Why: node-postgres sends every parameterised query as an unnamed statement, which PostgreSQL
 * plans afresh each time. In the embedded database planning was 47% of the time its statements
 * took at the soak's knee (pg_stat_statements with track_planning, bench:soak, 2026-11-28): a
 * like's one statement planned in 4.3 ms and ran in 0.9.
 *
 * How: the socket server hands PGlite one client's Parse-to-Sync batch at a time, exclusively
 * (patches/@electric-sql+pglite-socket*.patch). When an unnamed Parse opens a batch with a text
 * seen before, it is prepared under a name of ours, and later batches of the same text skip the
 * Parse (answered ParseComplete, as PostgreSQL would) and bind that name. PostgreSQL's plan cache
 * then does what it does for any prepared statement: custom plans for the first five calls,
 * then the generic plan when it costs no more, and plans made again after a migration changes a
 * table.
 *
 * Every connection of the socket server shares PGlite's one session, so a name prepared through
 * one serves all. Client-named statements, simple queries and a Parse later in a batch (after
 * which an earlier error would have PostgreSQL skip it) pass through unchanged. At most
 * PREPARED_STATEMENTS_LIMIT texts are prepared; past it, new texts are planned each time.
 */
export function prepareRepeatedStatements(db: PGlite) {
  const run = db.execProtocolRawStream.bind(db);
  const prepared = new Map<string, string>();
  const sightings = new Set<string>();
  let named = 0;
  /** The statement this batch's unnamed Bind and Describe mean, once its Parse got our name. */
  let bound: { key: string; name: string } | null = null;
  let opensBatch = true;
  /** Our statements PostgreSQL still holds but no text maps to: closed as the next batch opens. */
  const closing: string[] = [];

  async function parse(message: Uint8Array, options: RunOptions) {
    // Named by the client: its own to manage.
    if (message[5] !== 0) return run(message, options);
    const key = Buffer.from(message.buffer, message.byteOffset + 6, message.length - 6).toString(
      'latin1',
    );
    const known = prepared.get(key);
    if (known) {
      bound = { key, name: known };
      options?.onRawData?.(PARSE_COMPLETE);
      return;
    }
    if (!sightings.has(key) || prepared.size >= PREPARED_STATEMENTS_LIMIT) {
      if (sightings.size >= SIGHTINGS_LIMIT) sightings.clear();
      sightings.add(key);
      return run(message, options);
    }
    const name = `alumnet_${++named}`;
    let accepted: boolean | undefined;
    await run(withName(message, 5, name), {
      ...options,
      onRawData: (data) => {
        accepted ??= data[0] === PARSE_COMPLETE[0];
        options?.onRawData?.(data);
      },
    });
    if (!accepted) return;
    prepared.set(key, name);
    sightings.delete(key);
    bound = { key, name };
  }

  /**
   * Runs a message of a batch bound to our statement. If PostgreSQL no longer has it, or its
   * result's shape changed under it (a migration added a column to a `SELECT *`), that call
   * fails as it would for any prepared statement, and the text is prepared afresh next time
   * under a new name (the old one is closed).
   */
  async function runBound(message: Uint8Array, options: RunOptions) {
    const statement = bound!;
    let stale = false;
    await run(message, {
      ...options,
      onRawData: (data) => {
        if (STALE_CODES.some((code) => includes(data, code))) stale = true;
        options?.onRawData?.(data);
      },
    });
    if (stale && prepared.get(statement.key) === statement.name) {
      prepared.delete(statement.key);
      closing.push(statement.name);
    }
  }

  db.execProtocolRawStream = async (message, options) => {
    const type = message[0]!;
    const first = opensBatch;
    opensBatch = !BATCHED.has(type);
    if (opensBatch) {
      // Sync, or a message outside any batch: the batch is over.
      bound = null;
      return run(message, options);
    }
    // First in a batch, no error can be pending: a Close here always completes, and its answer
    // is ours, not the client's.
    if (first)
      for (const name of closing.splice(0))
        await run(closeStatement(name), { onRawData: () => {} });
    if (type === PARSE) {
      bound = null;
      // Later in a batch, an earlier error would have PostgreSQL skip it: not ours to answer.
      return first ? parse(message, options) : run(message, options);
    }
    if (bound === null) return run(message, options);
    if (type === BIND) {
      const statementAt = message.indexOf(0, 5) + 1;
      if (statementAt > 0 && message[statementAt] === 0)
        return runBound(withName(message, statementAt, bound.name), options);
    }
    if (type === DESCRIBE && message[5] === STATEMENT && message[6] === 0)
      return runBound(withName(message, 6, bound.name), options);
    return runBound(message, options);
  };
}
