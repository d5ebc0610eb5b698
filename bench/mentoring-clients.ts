/**
 * A load generator of `npm run bench:mentoring` (bench/mentoring.ts forks it; it is not run by
 * hand). It sends its share of the calls, each at the moment it is due, open loop, through the
 * real API with the member's own session cookie, and records when each answer came and its
 * status. Times are on the machine's shared wall clock (performance.timeOrigin +
 * performance.now()), the same in every process.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import type {
  FromMentoringClients,
  MentoringCall,
  MentoringRecord,
  ToMentoringClients,
} from './mentoring-protocol';

const wall = () => performance.timeOrigin + performance.now();
const tell = (message: FromMentoringClients) => process.send!(message);

async function call(message: ToMentoringClients) {
  const { url, startAt, calls, connections } = message;
  // Keep-alive as browsers hold them; with `connections`, the agent queues calls beyond it.
  const agent = new Agent({ keepAlive: true, maxSockets: connections ?? Infinity });
  const records: MentoringRecord[] = [];
  const ids: [number, string][] = [];
  const failures: string[] = [];
  let answered = 0;
  const cpuBefore = process.cpuUsage();
  const wallBefore = wall();

  const send = (c: MentoringCall) => {
    const record: MentoringRecord = [c.n, c.kind, startAt + c.offsetMs, 0, 0];
    records.push(record);
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    const req = request(
      `${url}${c.path}`,
      {
        method: c.method,
        agent,
        headers: {
          cookie: `${SESSION_COOKIE}=${c.token}`,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          record[3] = wall();
          record[4] = res.statusCode ?? 0;
          answered++;
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            if (failures.length < 5)
              failures.push(`${status}: ${Buffer.concat(chunks).toString().slice(0, 200)}`);
            return;
          }
          if (c.method !== 'POST') return;
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString()) as {
              request?: { id?: string };
            };
            if (answer.request?.id) ids.push([c.n, answer.request.id]);
          } catch {
            if (failures.length < 5) failures.push(`unreadable answer to ${c.path}`);
          }
        });
      },
    );
    req.on('error', (error) => {
      record[3] = wall();
      record[4] = -1;
      answered++;
      if (failures.length < 5) failures.push(`network: ${error.message}`);
    });
    req.end(body);
  };

  const due = [...calls].sort((a, b) => a.offsetMs - b.offsetMs);
  let next = 0;
  while (wall() < startAt - 5) await new Promise((resolve) => setTimeout(resolve, 1));
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = wall() - startAt;
      while (next < due.length && due[next]!.offsetMs <= now) send(due[next++]!);
      if (next >= due.length) resolve();
      // A timer, not setImmediate: spinning would take the core the server needs.
      else setTimeout(tick, 1);
    };
    tick();
  });
  // Every answer (a slow run may be far behind: up to 120 s).
  const answersBy = performance.now() + 120_000;
  while (answered < records.length && performance.now() < answersBy)
    await new Promise((resolve) => setTimeout(resolve, 20));
  agent.destroy();
  const cpu = process.cpuUsage(cpuBefore);
  tell({
    type: 'called',
    records,
    ids,
    failures,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / (wall() - wallBefore)) * 100,
  });
}

process.on('message', (message: ToMentoringClients) => {
  if (message.type === 'call') void call(message);
});
tell({ type: 'ready' });
