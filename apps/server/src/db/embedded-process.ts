import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { mkdirSync } from 'node:fs';
import { rememberFileSizes } from './embedded-file-sizes';
import { prepareRepeatedStatements } from './embedded-statements';

/**
 * The embedded database in a process of its own, forked by embedded-supervisor.ts: PGlite runs
 * each statement synchronously, so beside the app rather than on its thread the app keeps
 * answering (and uses the second core) while a query runs.
 *
 * Arguments: the data folder and the loopback port to serve it on. Messages to the parent:
 * `{ type: 'ready', port }` once it answers, `{ type: 'failed', message }` if it cannot start.
 */
export type EmbeddedProcessMessage =
  { type: 'ready'; port: number } | { type: 'failed'; message: string };

const [dataDir, portArgument] = process.argv.slice(2);
const port = Number(portArgument);

function tell(message: EmbeddedProcessMessage) {
  process.send?.(message);
}

// Ctrl-C reaches the whole process group, this process too. The parent still needs the database
// to finish its requests and CHECKPOINT through its pool; it says 'stop' when it is done.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

// The parent is gone (killed, or exited without stopping us). Exit at once without closing:
// whatever was committed is in the files already (the next start replays the WAL), and a new
// portal may be opening this folder right now, which two open PGlites would corrupt.
process.on('disconnect', () => process.exit(1));

/**
 * PGlite's memory never shrinks (WebAssembly memory only grows), so what PostgreSQL may touch is
 * bounded up front. shared_buffers is touched whole at start: 128 MB by default, 32 MB here; a
 * page that misses it is read from the files through the operating system's cache. A sort or
 * index build spills to temporary files past work_mem / maintenance_work_mem.
 */
const MEMORY_BOUNDS = [
  '-c',
  'shared_buffers=32MB',
  '-c',
  'work_mem=4MB',
  '-c',
  'maintenance_work_mem=32MB',
  '-c',
  'temp_buffers=4MB',
];

let stopRequested = false;
let running: { db: PGlite; server: PGLiteSocketServer } | undefined;
let stopping: Promise<void> | undefined;
/** Asked while still starting, it stops as soon as it has started. */
function stop() {
  stopRequested = true;
  if (!running) return;
  const { db, server } = running;
  stopping ??= (async () => {
    await server.stop();
    await db.close();
    process.exit(0);
  })();
}
process.on('message', (message: unknown) => {
  if ((message as { type?: unknown }).type === 'stop') stop();
});

if (!dataDir || !Number.isInteger(port) || port <= 0) {
  tell({ type: 'failed', message: 'usage: embedded-process <dataDir> <port>' });
  process.exit(2);
}

// Before PGlite opens a file: its size queries are answered from what this process wrote.
rememberFileSizes();

try {
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...MEMORY_BOUNDS],
  });
  prepareRepeatedStatements(db);
  // Room for the app's pool (EMBEDDED_POOL_SIZE; web and worker share one process here) plus
  // short-lived ones (tools); not imported, which would load the supervisor into this process.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 20 });
  await server.start();
  running = { db, server };
} catch (error) {
  tell({ type: 'failed', message: (error as Error).message });
  process.exit(1);
}
if (stopRequested) stop();
else tell({ type: 'ready', port });
