/**
 * Upload Users at scale: a generated CSV of 1,000,000 rows through the real upload path (one
 * request, the file streamed into an import job, chunks imported by the real worker), and the
 * spec's way (degreeId, batchId, branchId, then sign-up: four calls per row) on 10,000 rows.
 *
 *   npm run bench:import -- [--rows 1000000] [--spec-rows 10000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:import
 *
 * With DATABASE_URL a database `alumnet_bench_<random>` is created on that server and dropped at
 * the end; without it an in-memory PGlite is used. Requests go through the real app with
 * `inject` (no sockets), so the figures are the server's work, not the network's.
 */
import { signInInjected } from '../apps/server/src/test/second-factor';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startWorker } from '../apps/server/src/worker';
import { BENCH_ADMIN, scratchDatabase, seedBenchCollege } from './scratch-database';

const { values: flags } = parseArgs({
  options: {
    rows: { type: 'string', default: process.env.BENCH_ROWS ?? '1000000' },
    'spec-rows': { type: 'string', default: process.env.BENCH_SPEC_ROWS ?? '10000' },
  },
});
const ROWS = Number(flags.rows);
const SPEC_ROWS = Number(flags['spec-rows']);
if (!Number.isInteger(ROWS) || ROWS < 100 || ROWS > 2_000_000)
  throw new Error('--rows: 100 to 2,000,000');
if (!Number.isInteger(SPEC_ROWS) || SPEC_ROWS < 0 || SPEC_ROWS > 100_000)
  throw new Error('--spec-rows: 0 to 100,000');
const ADMIN = BENCH_ADMIN;
const seconds = (ms: number) => Number((ms / 1000).toFixed(2));

const { db, pool, kind, label, drop } = await scratchDatabase();

/** A college with 3 degrees x 6 batches x 6 branches, named as the CSV names them. */
async function seedCollege() {
  const { collegeId: college } = await seedBenchCollege(pool);
  await pool.query(
    `INSERT INTO degrees (college_id, degree_name) SELECT $1, d FROM unnest(ARRAY['B.Tech','M.Tech','MBA']) d`,
    [college],
  );
  await pool.query(
    `INSERT INTO batches (college_id, degree_id, batch_name)
     SELECT $1, d.id, (2010 + y) || '-' || (2014 + y) FROM degrees d, generate_series(0, 5) y WHERE d.college_id = $1`,
    [college],
  );
  await pool.query(
    `INSERT INTO branches (college_id, batch_id, branch_name)
     SELECT $1, b.id, br FROM batches b,
            unnest(ARRAY['Computer Science','Civil','Electrical','Mechanical','Finance','Marketing']) br
      WHERE b.college_id = $1`,
    [college],
  );
  return college;
}

const DEGREES = ['B.Tech', 'M.Tech', 'MBA'];
const BRANCHES = ['Computer Science', 'Civil', 'Electrical', 'Mechanical', 'Finance', 'Marketing'];
/** Row i: mostly resolvable, 2% an unknown degree (New Data), 1% a repeated e-mail, 1% malformed. */
function csvOf(rows: number, tag: string) {
  const lines = ['fullName,email,phoneCountryCode,phoneValue,degreeName,batchName,branchName'];
  for (let i = 1; i <= rows; i++) {
    const y = i % 6;
    const degree = i % 50 === 7 ? 'Ph.D' : DEGREES[i % 3];
    const email =
      i % 100 === 11
        ? `${tag}.${i - 1}@bench.example`
        : i % 100 === 13
          ? 'not-an-address'
          : `${tag}.${i}@bench.example`;
    lines.push(
      `Alumnus ${tag} ${i},${email},+91,${7000000000 + i},${degree},${2010 + y}-${2014 + y},${BRANCHES[i % 6]}`,
    );
  }
  return Buffer.from(lines.join('\n'));
}

try {
  console.log(`Import benchmark on ${label}`);
  const collegeId = await seedCollege();
  const config = loadConfig({
    NODE_ENV: 'production',
    COOKIE_SECURE: 'false',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db });
  const worker = await startWorker({ db, config, log: app.log });
  const cookie = await signInInjected(app, ADMIN.email, ADMIN.password);

  // ---------------------------------------------------------------- one upload, one job
  const csv = csvOf(ROWS, 'a');
  console.log(
    `  generated ${ROWS.toLocaleString('en')} rows (${(csv.length / 1e6).toFixed(1)} MB)`,
  );
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const start = performance.now();
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/dashboard/upload-users?fileName=bench.csv',
    headers: { cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
  if (uploaded.statusCode !== 200)
    throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const stagedMs = performance.now() - start;
  const importId: string = uploaded.json().job._id;
  console.log(`  staged and queued in ${seconds(stagedMs)} s`);
  let job: { status: string; processedRows: number; added: number; failed: number };
  for (;;) {
    job = (
      await app.inject({ url: `/api/dashboard/imports/${importId}`, headers: { cookie } })
    ).json();
    process.stdout.write(
      `\r  imported ${job.processedRows.toLocaleString('en')} / ${ROWS.toLocaleString('en')}`,
    );
    if (job.status === 'done') break;
    await sleep(250);
  }
  const totalMs = performance.now() - start;
  clearInterval(sampler);
  process.stdout.write('\n');

  // ---------------------------------------------------------------- the spec's way, 4 calls a row
  let specPerSecond = 0;
  if (SPEC_ROWS > 0) {
    const post = (path: string, payload: object, n: number) =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { cookie },
        payload,
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      });
    const specStart = performance.now();
    let added = 0;
    const one = async (i: number) => {
      const degree = DEGREES[i % 3]!;
      const y = i % 6;
      const { degreeId } = (
        await post('/api/colleges/degrees/degreeId', { collegeId, degreeName: degree }, i)
      ).json();
      const { batchId } = (
        await post(
          '/api/colleges/batches/batchId',
          { collegeId, degreeId, batchName: `${2010 + y}-${2014 + y}` },
          i,
        )
      ).json();
      const { branchId } = (
        await post(
          '/api/colleges/branches/branchId',
          { collegeId, batchId, branchName: BRANCHES[i % 6] },
          i,
        )
      ).json();
      const signup = await post(
        '/api/auth/signup',
        // admin-area.md §3 "Signup payload built from a CSV row".
        {
          fullName: `Spec Way ${i}`,
          collegeId,
          degreeId,
          batchId,
          branchId,
          email: `spec.${i}@bench.example`,
          phoneCountryCode: '+91',
          phoneValue: String(6000000000 + i),
          newCollegeRequestName: '',
          newDegreeRequestName: degree,
          newBatchRequestName: `${2010 + y}-${2014 + y}`,
          newBranchRequestName: BRANCHES[i % 6],
        },
        i,
      );
      if (signup.statusCode === 200) added++;
    };
    // Eight rows at a time, as a browser's few parallel requests would.
    for (let i = 0; i < SPEC_ROWS; i += 8)
      await Promise.all(Array.from({ length: Math.min(8, SPEC_ROWS - i) }, (_, k) => one(i + k)));
    specPerSecond = Math.round(SPEC_ROWS / ((performance.now() - specStart) / 1000));
    console.log(
      `  spec way: ${added.toLocaleString('en')} of ${SPEC_ROWS.toLocaleString('en')} signed up, ${specPerSecond} rows/s`,
    );
  }
  await worker.stop();
  await app.close();

  const result = {
    rows: ROWS,
    database: kind,
    seconds: seconds(totalMs),
    staging_s: seconds(stagedMs),
    rows_per_s: Math.round(ROWS / (totalMs / 1000)),
    added: job.added,
    failed: job.failed,
    peak_rss_mb: Math.round(peakRss / 1024 / 1024),
    spec_way_rows: SPEC_ROWS,
    spec_way_rows_per_s: specPerSecond,
  };
  console.table({
    rows: result.rows,
    'upload to done (s)': result.seconds,
    'of which staging (s)': result.staging_s,
    'rows/s': result.rows_per_s,
    'added / failed': `${result.added} / ${result.failed}`,
    'peak RSS (MB)': result.peak_rss_mb,
    "spec's way (rows/s)": result.spec_way_rows_per_s,
  });
  console.log(JSON.stringify(result));
} finally {
  await drop();
}
