/**
 * A load generator of `npm run bench:rsvp` (bench/rsvp.ts forks it; it is not run by hand). It
 * presses Going or Not going for its share of the members, each at the moment it is due, open
 * loop, through the real call (`POST /api/events/{id}/rsvp` with the member's session cookie), and
 * records when each answer came and what it said. Times are on the machine's shared wall clock
 * (performance.timeOrigin + performance.now()), the same in every process.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { SESSION_COOKIE } from '../apps/server/src/modules/auth/tokens';
import {
  STATUS_CODES,
  type FromRsvpClients,
  type RsvpPress,
  type RsvpRecord,
  type ToRsvpClients,
} from './rsvp-protocol';

const wall = () => performance.timeOrigin + performance.now();
const tell = (message: FromRsvpClients) => process.send!(message);

async function press(message: ToRsvpClients) {
  const { url, eventId, status, startAt, presses } = message;
  // One connection per member pressing at once, kept for the next press, as phones would hold.
  const agent = new Agent({ keepAlive: true });
  const body = JSON.stringify({ status });
  const path = `/api/events/${eventId}/rsvp`;
  const records: RsvpRecord[] = [];
  const failures: string[] = [];
  let answered = 0;
  const cpuBefore = process.cpuUsage();
  const wallBefore = wall();

  const send = (p: RsvpPress) => {
    const record: RsvpRecord = [p.n, startAt + p.offsetMs, 0, 0, 0, 0];
    records.push(record);
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: `${SESSION_COOKIE}=${p.token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          record[2] = wall();
          record[3] = res.statusCode ?? 0;
          answered++;
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200) {
            if (failures.length < 5) failures.push(`${res.statusCode}: ${text.slice(0, 200)}`);
            return;
          }
          try {
            const { rsvp } = JSON.parse(text) as {
              rsvp: { status: keyof typeof STATUS_CODES; position?: number };
            };
            record[4] = STATUS_CODES[rsvp.status] ?? 0;
            record[5] = rsvp.position ?? 0;
          } catch {
            if (failures.length < 5) failures.push(`unreadable answer: ${text.slice(0, 200)}`);
          }
        });
      },
    );
    req.on('error', (error) => {
      record[2] = wall();
      record[3] = -1;
      answered++;
      if (failures.length < 5) failures.push(`network: ${error.message}`);
    });
    req.end(body);
  };

  const due = [...presses].sort((a, b) => a.offsetMs - b.offsetMs);
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
    type: 'pressed',
    records,
    failures,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / (wall() - wallBefore)) * 100,
  });
}

process.on('message', (message: ToRsvpClients) => {
  if (message.type === 'press') void press(message);
});
tell({ type: 'ready' });
