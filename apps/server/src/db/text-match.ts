import { sql } from 'drizzle-orm';

/**
 * A LIKE pattern for text containing `fragment` in any case, to compare with a lower-cased value
 * (the pg_trgm indexes are on lower-cased names). LIKE reads % and _ as wildcards and \ as its
 * escape; a fragment's own are matched literally.
 */
export const containing = (fragment: string) =>
  sql`'%' || lower(${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`;
