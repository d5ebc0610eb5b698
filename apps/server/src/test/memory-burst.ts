// A process with a burst behind it, for memory-return.test.ts: its heap grows by about 200 MB
// and lets it go, and a full collection (run with --expose-gc) leaves the pages in V8's pool,
// while it keeps allocating as a busy server does, so that V8's memory reducer never runs by
// itself. Prints memory-return's log lines, then its RSS (MB) just after the burst
// and at the end, as JSON lines.
import { startMemoryReturn } from '../ops/memory-return';

const mb = () => Math.round(process.memoryUsage.rss() / (1024 * 1024));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const stop = startMemoryReturn(
  { info: (fields: object, msg?: string) => console.log(JSON.stringify({ msg, ...fields })) },
  { intervalMs: 250, gapMs: 1_000, roundMs: 10_000 },
);
// A steady load's garbage: short-lived objects, far above V8's low allocation rate.
let sink = 0;
const load = setInterval(() => {
  for (let i = 0; i < 5_000; i++) sink += JSON.stringify({ i, text: 'x'.repeat(40) }).length;
}, 5);
await sleep(1_500);
let burst: { n: number; text: string; pair: number[] }[] | undefined = [];
for (let i = 0; i < 1_500_000; i++) burst.push({ n: i, text: `item ${i}`, pair: [i, i + 1] });
burst = undefined;
(globalThis as { gc?: () => void }).gc!();
const after = mb();
await sleep(12_000);
console.log(JSON.stringify({ after, end: mb(), sink: sink > 0 }));
clearInterval(load);
stop();
