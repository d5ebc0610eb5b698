import pg from 'pg';

/** Texts given a name at most, over all of a pool's connections: each holds a plan per name. */
export const NAMED_STATEMENTS_LIMIT = 256;
/**
 * A text is named the second time it is seen, so one-off texts are planned once as before.
 * Texts seen once are remembered for that, and forgotten together past this many.
 */
const SIGHTINGS_LIMIT = 1_000;
/** SQLSTATEs of a prepared statement gone or changed under us (a migration from elsewhere). */
const STALE_CODES = new Set(['26000', '0A000']);

type QueryConfig = pg.QueryConfig & { name?: string };

/**
 * A pg Client class for a PostgreSQL server's pool whose repeated statements are planned once
 * per connection instead of on every call: what embedded-statements.ts does for the embedded
 * database, with node-postgres's own named statements.
 *
 * Why: node-postgres sends a parameterised query unnamed, and PostgreSQL plans it afresh each
 * time; planning was 47% of the database's time for the soak's statements (measured on the
 * embedded database, where the same texts run). At 400/s in PostgreSQL mode the database's CPU
 * is what the portal waits for when a scene lands.
 *
 * How: a parameterised text seen before gets a name of ours, the same for every connection;
 * node-postgres parses it once on each connection and binds it by name after, and PostgreSQL's
 * plan cache does the rest (custom plans for the first five calls, then the generic plan when it
 * costs no more; plans made again when a table changes). Texts without parameters (BEGIN, SET)
 * and queries named by their caller pass through. Past NAMED_STATEMENTS_LIMIT texts, new ones
 * are planned each time. A name PostgreSQL refuses as stale (a migration run by another
 * process changed its result's shape) is not used again; that call fails as it would have.
 */
export function namingClient(): typeof pg.Client {
  const names = new Map<string, string>();
  const sightings = new Set<string>();
  const refused = new Set<string>();
  let made = 0;

  function nameFor(text: string) {
    const known = names.get(text);
    if (known || refused.has(text)) return known;
    if (!sightings.has(text)) {
      if (sightings.size >= SIGHTINGS_LIMIT) sightings.clear();
      sightings.add(text);
      return undefined;
    }
    // Counted, not names.size: a refused name stays on the connections that prepared it.
    if (made >= NAMED_STATEMENTS_LIMIT) return undefined;
    sightings.delete(text);
    const fresh = `alumnet_${++made}`;
    names.set(text, fresh);
    return fresh;
  }

  function forget(text: string, error: unknown) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && STALE_CODES.has(code)) {
      names.delete(text);
      refused.add(text);
    }
  }

  return class NamingClient extends pg.Client {
    // pg's other forms (Query objects, submittables, no values) pass through as they are; a
    // text or config with values is named, called back (as the pool does) or awaited.
    override query(...args: unknown[]): never {
      const [first, values, callback] = args as [QueryConfig | string, unknown, unknown];
      const call = super.query as (...a: unknown[]) => unknown;
      const config = typeof first === 'string' ? { text: first } : first;
      const name =
        args.length <= 3 &&
        config !== null &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        !config.name &&
        typeof (config as { submit?: unknown }).submit !== 'function' &&
        Array.isArray(values) &&
        values.length > 0 &&
        (callback === undefined || typeof callback === 'function')
          ? nameFor(config.text)
          : undefined;
      if (!name) return call.apply(this, args) as never;
      const named = { ...config, name };
      if (typeof callback === 'function')
        return call.call(this, named, values, (error: unknown, result: unknown) => {
          if (error) forget(config.text, error);
          (callback as (e: unknown, r: unknown) => void)(error, result);
        }) as never;
      return (call.call(this, named, values) as Promise<unknown>).catch((error: unknown) => {
        forget(config.text, error);
        throw error;
      }) as never;
    }
  } as unknown as typeof pg.Client;
}
