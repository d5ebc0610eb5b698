import type { GameEvent } from './presenter';

/** What the cluster calls back into the process's games. */
export interface ClusterHandlers {
  /** Runs an operation another process forwarded because this one hosts the game. */
  execute(op: string, code: string, args: unknown): Promise<unknown>;
  /** An event the process hosting a game published, for this process's sockets. */
  deliver(event: GameEvent): void;
  /** This process no longer hosts the game (another one took it over): drop it. */
  lost(code: string): void;
}

/**
 * Which process hosts each game, and the wires between processes. One process: always this one.
 * With Redis (see redis-cluster.ts): a lease per game, forwarded calls and published events.
 */
export interface QuizCluster {
  start(handlers: ClusterHandlers): Promise<void>;
  /** 'here' when this process hosts the game (claiming it if nobody does); else the host's id. */
  ownerOf(code: string): Promise<'here' | string>;
  /** Runs an operation on the process hosting the game; rejects with its error. */
  forward(node: string, op: string, code: string, args: unknown): Promise<unknown>;
  /** Sends an event to every other process. */
  publish(event: GameEvent): void;
  /** This process stops hosting the game (finished and unloaded). */
  release(code: string): Promise<void>;
  close(): Promise<void>;
}

/** A process on its own hosts every game. */
export class SingleProcess implements QuizCluster {
  async start() {}
  async ownerOf() {
    return 'here' as const;
  }
  async forward(): Promise<never> {
    throw new Error('one process has nobody to forward to');
  }
  publish() {}
  async release() {}
  async close() {}
}

/** The host of a game moved while a call was on its way: ask again who hosts it. */
export class GameMoved extends Error {
  constructor() {
    super('the game moved to another process');
    this.name = 'GameMoved';
  }
}
