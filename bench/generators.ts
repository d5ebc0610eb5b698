import { fork, type ChildProcess } from 'node:child_process';

/**
 * A load generator: a child process of its own (one process may hold at most 20,000 open files,
 * so sockets live apart from the server they measure), and the messages it sent that nobody has
 * read yet. `From` is the union of its messages, each with a `type`.
 */
export interface Generator<From extends { type: string }> {
  process: ChildProcess;
  inbox: From[];
  wake: (() => void)[];
}

/** Forks the generator script (a bench/*.ts file) under tsx. */
export function startGenerator<From extends { type: string }>(
  script: URL,
  options: { serialization?: 'json' | 'advanced' } = {},
): Generator<From> {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    serialization: options.serialization ?? 'json',
  });
  const generator: Generator<From> = { process: child, inbox: [], wake: [] };
  child.on('message', (message: From) => {
    generator.inbox.push(message);
    generator.wake.splice(0).forEach((wake) => wake());
  });
  child.once('exit', () => generator.wake.splice(0).forEach((wake) => wake()));
  return generator;
}

/** The generator's next message of this type; throws after the timeout or its exit. */
export async function receive<From extends { type: string }, K extends From['type']>(
  generator: Generator<From>,
  type: K,
  timeoutMs: number,
): Promise<Extract<From, { type: K }>> {
  const until = performance.now() + timeoutMs;
  for (;;) {
    const at = generator.inbox.findIndex((m) => m.type === type);
    if (at >= 0) return generator.inbox.splice(at, 1)[0] as Extract<From, { type: K }>;
    const left = until - performance.now();
    if (generator.process.exitCode !== null)
      throw new Error(`a load generator exited (${generator.process.exitCode}) before '${type}'`);
    if (left <= 0) throw new Error(`a load generator sent no '${type}' within ${timeoutMs} ms`);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      generator.wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** Every generator's next message of this type. */
export const gather = <From extends { type: string }, K extends From['type']>(
  generators: Generator<From>[],
  type: K,
  timeoutMs: number,
) => Promise.all(generators.map((g) => receive(g, type, timeoutMs)));

export const tell = <To>(generators: Generator<{ type: string }>[], message: To) =>
  generators.forEach((g) => g.process.send(message as object));
