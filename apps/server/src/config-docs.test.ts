import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The installer's documentation must keep up with the code: a setting added to config.ts, or a
// benchmark added to package.json, fails this test until docs/ names it.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The env variable names of config.ts's zod schema: the keys of `envSchema = z.object({ … })`. */
function schemaSettings(source: string) {
  const start = source.search(/^(?:export )?const envSchema = z\.object\(\{$/m);
  if (start < 0) throw new Error('config.ts: `const envSchema = z.object({` not found');
  // The object ends at the first line that closes it at the left margin.
  const end = source.indexOf('\n});', start);
  if (end < 0) throw new Error('config.ts: the end of envSchema (`});`) not found');
  const body = source.slice(start, end);
  return [...body.matchAll(/^[ \t]+([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
}

/** `process.env.X` and `process.env['X']` read by the server's own code (tests excluded). */
function serverEnvReads() {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
        const text = readFileSync(full, 'utf8');
        for (const match of text.matchAll(
          /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*'([A-Z][A-Z0-9_]*)'\s*\])/g,
        ))
          names.add((match[1] ?? match[2])!);
      }
    }
  };
  walk(path.join(repoRoot, 'apps/server/src'));
  return [...names];
}

/** Set by npm itself, not by an operator. */
const NOT_SETTINGS = new Set(['INIT_CWD']);

const named = (doc: string, name: string) => doc.includes(`\`${name}\``);

describe('docs/configuration.md', () => {
  const doc = read('docs/configuration.md');

  it('names every setting of the schema in config.ts', () => {
    const settings = schemaSettings(read('apps/server/src/config.ts'));
    // Guards the parser itself: an empty or truncated list would pass anything.
    expect(settings).toEqual(
      expect.arrayContaining(['NODE_ENV', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'METRICS_TOKEN']),
    );
    expect(settings.length).toBeGreaterThanOrEqual(30);
    expect(settings.filter((name) => !named(doc, name))).toEqual([]);
  });

  it('names every environment variable the server reads outside config.ts', () => {
    const reads = serverEnvReads().filter((name) => !NOT_SETTINGS.has(name));
    expect(reads.filter((name) => !named(doc, name))).toEqual([]);
  });

  it('finds the schema keys, and only them, in a sample', () => {
    const sample = [
      "const flag = z.enum(['true']);",
      'const envSchema = z.object({',
      '  /** A comment naming OTHER_THING: not a key. */',
      '  PORT: z.coerce.number().default(3000),',
      "  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: use at least 16').optional(),",
      '  S3_FORCE_PATH_STYLE: flag.default(false),',
      '});',
      'const other = { NOT_A_SETTING: 1 };',
    ].join('\n');
    expect(schemaSettings(sample)).toEqual(['PORT', 'METRICS_TOKEN', 'S3_FORCE_PATH_STYLE']);
  });
});

describe('docs/performance.md', () => {
  it('names every bench:* script of package.json as `npm run bench:<name>`', () => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    ).filter((name) => name.startsWith('bench:'));
    expect(scripts.length).toBeGreaterThanOrEqual(7);
    const doc = read('docs/performance.md');
    const missing = scripts.filter(
      (script) =>
        !new RegExp(`npm run ${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w:-])`).test(
          doc,
        ),
    );
    expect(missing).toEqual([]);
  });
});
