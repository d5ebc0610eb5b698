/**
 * Notifications under load (issue 26), in three parts:
 *
 * 1. likes: LIKERS members like one post within LIKE_SECONDS, each through the real HTTP call to a
 *    server in a process of its own; the author's open socket hears each update (`notification`,
 *    whose newest actor names the liker). Latency: from sending a like to hearing of it. The
 *    author must end with one grouped row counting every like.
 * 2. digest to the outbox: DIGESTS members with a comment waiting each, in a daily digest, at
 *    their morning hour; the digest run puts one e-mail each into the outbox.
 * 3. digest through SMTP: SMTP_DIGESTS members, the same run through the SMTP transport to a local
 *    `smtp-server` in a process of its own.
 * Lost and doubled e-mails are counted in 2 and 3: each member once, no more.
 *
 *   npm run bench:notify -- [--likers 1000] [--like-seconds 10] [--digests 100000] [--smtp-digests 10000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:notify
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as hdr from 'hdr-histogram-js';
import { io } from 'socket.io-client';
import { API, type NotificationEvent } from '@alumnet/contract';
import { runMigrations } from '../apps/server/src/db/migrate';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { hashToken, newSessionToken, SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import { integerFlag } from './flags';
import { benchDatabase, benchRun } from './server-process';
import { runDigestBench } from './notify-digests';

const { values: flags } = parseArgs({
  options: {
    likers: { type: 'string', default: '1000' },
    'like-seconds': { type: 'string', default: '10' },
    digests: { type: 'string', default: '100000' },
    'smtp-digests': { type: 'string', default: '10000' },
  },
});
const LIKERS = integerFlag('likers', flags.likers, 1, 20_000);
const LIKE_SECONDS = integerFlag('like-seconds', flags['like-seconds'], 1, 600);
const DIGESTS = integerFlag('digests', flags.digests, 0, 1_000_000);
const SMTP_DIGESTS = integerFlag('smtp-digests', flags['smtp-digests'], 0, 1_000_000);
const wall = () => performance.timeOrigin + performance.now();
const round = (n: number, places = 1) => Number(n.toFixed(places));

const database = await benchDatabase();
const run = benchRun('bench:notify', database, 1800);
console.log(`Notifications benchmark on ${database.label}`);

// ------------------------------------------------------------------------------ 1. likes

interface Member {
  id: string;
  token: string;
}

/** A college, the author with one post, and LIKERS members with sessions, one statement each. */
async function seedLikes() {
  const { db, pool, close } = await database.open();
  try {
    await runMigrations(db);
    const runId = randomBytes(4).toString('hex');
    const collegeId = (
      await pool.query<{ id: string }>(
        `INSERT INTO colleges (name) VALUES ('Notify Bench ' || $1) RETURNING id`,
        [runId],
      )
    ).rows[0]!.id;
    const created = await pool.query<{ id: string }>(
      `INSERT INTO users (college_id, first_name, last_name, full_name, username, email,
                          password_hash, is_approved, is_registered)
       SELECT $1, 'Bench', 'Member ' || g, 'Bench Member ' || g, 'notify-' || $2 || '-' || g,
              'notify-' || $2 || '-' || g || '@bench.alumnet.dev', $3, true, true
         FROM generate_series(0, $4::int) AS g
        ORDER BY g
       RETURNING id`,
      [collegeId, runId, await hashPassword('bench-password'), LIKERS],
    );
    const members: Member[] = created.rows.map((r) => ({ id: r.id, token: newSessionToken() }));
    await pool.query(
      `INSERT INTO sessions (user_id, token_hash, expires_at)
       SELECT user_id, token_hash, now() + interval '1 day'
         FROM unnest($1::uuid[], $2::text[]) AS s(user_id, token_hash)`,
      [members.map((m) => m.id), members.map((m) => hashToken(m.token))],
    );
    const [author, ...likers] = members;
    const postId = (
      await pool.query<{ id: string }>(
        `INSERT INTO posts (college_id, author_id, message, access_level, access_level_id)
         VALUES ($1, $2, 'A post everyone likes', 'college', $1) RETURNING id`,
        [collegeId, author!.id],
      )
    ).rows[0]!.id;
    await pool.query('ANALYZE users, sessions, posts');
    return { author: author!, likers, postId };
  } finally {
    await close();
  }
}

async function likes() {
  const { author, likers, postId } = await seedLikes();
  const servers = await run.startServers(1);
  const url = servers.urls[0]!;

  const heard = new Map<string, number>();
  let lastCount = 0;
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    query: { userId: author.id },
    extraHeaders: { cookie: `${SESSION_COOKIE}=${author.token}` },
    reconnection: false,
  });
  socket.on('notification', (event: NotificationEvent) => {
    const liker = event.notification?.actors[0]?.id;
    if (event.notification?.kind !== 'post_like' || !liker) return;
    if (!heard.has(liker)) heard.set(liker, wall());
    lastCount = Math.max(lastCount, event.notification.count);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

  // A fixed rate: like n leaves at start + n * gap, whatever the answers before it took.
  const sent = new Map<string, number>();
  const gap = (LIKE_SECONDS * 1000) / likers.length;
  const start = performance.now();
  let failed = 0;
  await Promise.all(
    likers.map(async (liker, n) => {
      await sleep(Math.max(0, start + n * gap - performance.now()));
      sent.set(liker.id, wall());
      const answer = await fetch(`${url}${API.posts.updateLikes}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `${SESSION_COOKIE}=${liker.token}`,
        },
        body: JSON.stringify({ postId }),
      }).catch(() => null);
      if (!answer?.ok) failed += 1;
      await answer?.arrayBuffer();
    }),
  );
  const sendSeconds = (performance.now() - start) / 1000;
  const until = Date.now() + 5_000;
  while (heard.size < likers.length - failed && Date.now() < until) await sleep(50);
  socket.close();

  const histogram = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000 });
  for (const [liker, at] of heard) histogram.recordValue(Math.max(1, at - sent.get(liker)!));
  await run.stopProcesses();

  const { pool, close } = await database.open();
  const rows = await pool.query<{ count: number }>(
    `SELECT count FROM notifications
      WHERE user_id = $1 AND kind = 'post_like' AND target_id = $2 AND read_at IS NULL`,
    [author.id, postId],
  );
  await close();
  const figures = {
    likes: likers.length,
    failed,
    sendSeconds: round(sendSeconds, 2),
    heard: heard.size,
    p50: histogram.getValueAtPercentile(50),
    p99: histogram.getValueAtPercentile(99),
    max: Math.round(histogram.maxValue),
    rows: rows.rows.length,
    rowCount: rows.rows[0]?.count ?? 0,
  };
  console.log(
    `  1. ${figures.likes} likes in ${figures.sendSeconds} s (${failed} failed): the author heard ` +
      `${figures.heard}; latency p50 ${figures.p50} ms, p99 ${figures.p99} ms, max ${figures.max} ms; ` +
      `${figures.rows} unread row counting ${figures.rowCount}`,
  );
  return figures;
}

// ------------------------------------------------------------------------------ 2, 3. digests

/** smtp-server in a process of its own (notify-smtp-sink.ts): its port, and what it took. */
async function smtpSink() {
  const child = fork(fileURLToPath(new URL('./notify-smtp-sink.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  run.generators.push(child);
  const [ready] = (await once(child, 'message')) as [{ port: number }];
  const ask = async () => {
    child.send('count');
    const [answer] = (await once(child, 'message')) as [{ received: number; distinct: number }];
    return answer;
  };
  return { port: ready.port, received: ask, stop: () => child.kill('SIGTERM') };
}

try {
  const like = await likes();
  const outbox = DIGESTS > 0 ? await runDigestBench(database, { members: DIGESTS }) : null;
  let smtp: Awaited<ReturnType<typeof runDigestBench>> | null = null;
  if (SMTP_DIGESTS > 0) {
    const sink = await smtpSink();
    smtp = await runDigestBench(database, {
      members: SMTP_DIGESTS,
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      received: sink.received,
    });
    sink.stop();
  }
  for (const [name, result] of [
    ['2. outbox', outbox],
    ['3. SMTP', smtp],
  ] as const)
    if (result)
      console.log(
        `  ${name}: ${result.sent} digests in ${result.seconds} s = ${result.perSecond}/s; ` +
          `${result.lost} lost, ${result.duplicates} doubled`,
      );
  console.log(
    JSON.stringify({
      like_p99_ms: like.p99,
      like_p50_ms: like.p50,
      likes_heard: like.heard,
      like_rows: like.rows,
      like_row_count: like.rowCount,
      digest_outbox_per_s: outbox?.perSecond ?? null,
      digest_smtp_per_s: smtp?.perSecond ?? null,
      lost: (outbox?.lost ?? 0) + (smtp?.lost ?? 0) + (like.likes - like.failed - like.heard),
      duplicates: (outbox?.duplicates ?? 0) + (smtp?.duplicates ?? 0),
    }),
  );
} finally {
  await run.cleanup();
}
process.exit(0);
