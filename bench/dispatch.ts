/**
 * A select-all dispatch job over 100,000 alumni: how long the freeze takes, then how fast the
 * worker sends it through the outbox transport, and whether anything was lost or sent twice.
 *
 *   npm run bench:dispatch -- [--recipients 100000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:dispatch
 *
 * With DATABASE_URL a database `alumnet_bench_<random>` is created on that server and dropped at
 * the end; without it an in-memory PGlite (the embedded mode) is used. The real app takes the
 * addJob and dispatch calls; the real worker (pg-boss, the dispatch handler, the outbox) runs in
 * this process, so the memory printed is the worker's and the app's together.
 */
import { signInInjected } from '../apps/server/src/test/second-factor';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import * as hdr from 'hdr-histogram-js';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startWorker } from '../apps/server/src/worker';
import { BENCH_ADMIN, scratchDatabase, seedBenchCollege } from './scratch-database';

const { values: flags } = parseArgs({
  options: { recipients: { type: 'string', default: process.env.BENCH_RECIPIENTS ?? '100000' } },
});
const RECIPIENTS = Number(flags.recipients);
if (!Number.isInteger(RECIPIENTS) || RECIPIENTS < 10 || RECIPIENTS > 2_000_000)
  throw new Error('--recipients must be a whole number from 10 to 2,000,000');
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

const { db, pool, kind, label, drop } = await scratchDatabase();

try {
  console.log(`Dispatch benchmark: ${RECIPIENTS.toLocaleString('en')} recipients on ${label}`);
  const { collegeId: college } = await seedBenchCollege(pool);
  const seedStart = performance.now();
  for (let from = 1; from <= RECIPIENTS; from += 50_000) {
    const to = Math.min(RECIPIENTS, from + 49_999);
    await pool.query(
      `INSERT INTO users (college_id, first_name, last_name, full_name, username, email, phone,
                          phone_country_code, created_at)
       SELECT $1, 'Alumnus', 'No' || g, 'Alumnus No' || g, 'alumnus.' || g, 'alumnus.' || g || '@example.com',
              (9000000000 + g)::text, '+91', now() - make_interval(secs => g)
         FROM generate_series($2::int, $3::int) g`,
      [college, from, to],
    );
  }
  await pool.query('ANALYZE');
  console.log(
    `  seeded ${RECIPIENTS.toLocaleString('en')} imported alumni in ${seconds(performance.now() - seedStart)} s`,
  );

  const config = loadConfig({
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db });
  const cookie = await signInInjected(app, BENCH_ADMIN.email, BENCH_ADMIN.password);
  const post = (path: string, payload?: object) =>
    app.inject({ method: 'POST', url: path, headers: { cookie }, payload });

  const freezeStart = performance.now();
  const added = await post('/api/dashboard/addJob', {
    method: 'email',
    selectAll: true,
    filterData: { isRegistered: 'no' },
    totalResults: RECIPIENTS,
  });
  const freezeMs = performance.now() - freezeStart;
  if (added.statusCode !== 200) throw new Error(`addJob: ${added.statusCode} ${added.body}`);
  const jobId: string = added.json().job._id;
  console.log(`  froze the job in ${seconds(freezeMs)} s`);

  const worker = await startWorker({ db, config, log: app.log });
  const sendStart = performance.now();
  const dispatched = await post(`/api/dashboard/dispatch/${jobId}`);
  if (dispatched.statusCode !== 200)
    throw new Error(`dispatch: ${dispatched.statusCode} ${dispatched.body}`);

  // Progress as the jobs page polls it; the gaps between progress steps are the chunk times.
  const chunkGaps = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 600_000,
    numberOfSignificantValueDigits: 3,
  });
  let peakRss = 0;
  let lastSent = 0;
  let lastStep = performance.now();
  for (;;) {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const { rows } = await pool.query<{ sent: number; status: string }>(
      'SELECT sent, status FROM dispatch_jobs WHERE id = $1',
      [jobId],
    );
    const { sent, status } = rows[0]!;
    if (sent !== lastSent) {
      chunkGaps.recordValue(Math.max(1, Math.round(performance.now() - lastStep)));
      lastStep = performance.now();
      lastSent = sent;
      process.stdout.write(
        `\r  sent ${sent.toLocaleString('en')} / ${RECIPIENTS.toLocaleString('en')}`,
      );
    }
    if (status === 'done') break;
    if (performance.now() - sendStart > 3_600_000)
      throw new Error('the job did not finish within an hour');
    await sleep(100);
  }
  const sendMs = performance.now() - sendStart;
  process.stdout.write('\n');
  await worker.stop();

  const { rows: counts } = await pool.query<{
    messages: string;
    distinct_recipients: string;
    done: string;
  }>(
    `SELECT (SELECT count(*) FROM outbox WHERE idempotency_key LIKE $1 || '.%') AS messages,
            (SELECT count(DISTINCT recipient) FROM outbox WHERE idempotency_key LIKE $1 || '.%') AS distinct_recipients,
            (SELECT count(*) FROM dispatch_recipients WHERE job_id = $1::text::uuid AND state = 'done') AS done`,
    [jobId],
  );
  const messages = Number(counts[0]!.messages);
  const distinct = Number(counts[0]!.distinct_recipients);
  await app.close();

  const result = {
    recipients: RECIPIENTS,
    database: kind,
    freeze_s: seconds(freezeMs),
    send_s: seconds(sendMs),
    send_per_s: Math.round(RECIPIENTS / (sendMs / 1000)),
    chunk_p50_ms: chunkGaps.getValueAtPercentile(50),
    chunk_p95_ms: chunkGaps.getValueAtPercentile(95),
    chunk_p99_ms: chunkGaps.getValueAtPercentile(99),
    peak_rss_mb: Math.round(peakRss / 1024 / 1024),
    lost: RECIPIENTS - distinct,
    duplicates: messages - distinct,
  };
  console.log('');
  console.table({
    'freeze (s)': result.freeze_s,
    'send (s)': result.send_s,
    'send rate (recipients/s)': result.send_per_s,
    'progress step p50 / p95 / p99 (ms)': `${result.chunk_p50_ms} / ${result.chunk_p95_ms} / ${result.chunk_p99_ms}`,
    'peak RSS, app + worker (MB)': result.peak_rss_mb,
    lost: result.lost,
    duplicates: result.duplicates,
  });
  console.log(JSON.stringify(result));
} finally {
  await drop();
}
