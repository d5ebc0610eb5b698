// A process whose malloc heap is mostly holes, for malloc-trim.test.ts: about 200 MB of buffers
// (each its own malloc'd block), of which every fiftieth is kept, so no free run reaches the top
// of the heap for free() to give back. Run with --expose-gc. Prints its RSS (MB) after the
// collection that freed them and after the trim, as one JSON line.
import { loadMallocTrim } from '../ops/malloc-trim';

const mb = () => Math.round(process.memoryUsage.rss() / (1024 * 1024));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const trim = await loadMallocTrim();
let buffers: Buffer[] = Array.from({ length: 200_000 }, (_, i) =>
  Buffer.alloc(1_000 + (i % 7) * 8),
);
const kept = buffers.filter((_, i) => i % 50 === 0);
buffers = [];
(globalThis as { gc?: () => void }).gc!();
// V8 frees array buffers' memory on a thread of its own, after the collection.
await sleep(500);
const freed = mb();
trim?.();
console.log(JSON.stringify({ loaded: Boolean(trim), freed, trimmed: mb(), kept: kept.length }));
