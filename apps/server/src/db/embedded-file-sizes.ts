import fs from 'node:fs';

type FileSystem = typeof fs;

/**
 * Remembers the size of each open file of this process, so that `fstatSync` on it answers
 * without a system call. For the embedded database's own process only (embedded-process.ts).
 *
 * Why: PostgreSQL learns a table's or an index's length with lseek(fd, 0, SEEK_END), for every
 * relation and each of its indexes a statement plans, and PGlite's Emscripten file system turns
 * each such seek into `fs.fstatSync`. At the soak's knee those took 13% of the database process's
 * CPU (a profile of bench:soak, 2026-11-28): Node's fstat builds a Stats object per call.
 *
 * Why it stays right: the process is the only writer of its data folder (the supervisor never
 * opens two on one folder), and every change of a file's size in it comes through the calls
 * wrapped here. Sizes are kept per file (device and inode), not per descriptor, so two
 * descriptors of one file agree. A positioned write grows the size to its end; ftruncate sets
 * it; a write at no given position, a truncation by path, a file rewritten whole or opened with
 * O_TRUNC forgets every size, and the next fstat asks the system again. Each descriptor is known
 * from its opening (one fstat then); a file is forgotten once its last descriptor closes.
 *
 * Returns what undoes it (tests).
 */
export function rememberFileSizes(target: FileSystem = fs) {
  const real = {
    fstatSync: target.fstatSync,
    writeSync: target.writeSync,
    ftruncateSync: target.ftruncateSync,
    closeSync: target.closeSync,
    openSync: target.openSync,
    truncateSync: target.truncateSync,
    writeFileSync: target.writeFileSync,
    appendFileSync: target.appendFileSync,
  };
  const statsOf = new Map<string, fs.Stats>();
  const fileOf = new Map<number, string>();
  const descriptors = new Map<string, number>();

  const forgetAll = () => statsOf.clear();

  const patched: Partial<FileSystem> = {
    fstatSync: ((fd: number, options?: fs.StatSyncOptions) => {
      // Asked for bigints or for no exception: the caller wants what the system says.
      if (options) return real.fstatSync(fd, options);
      const file = fileOf.get(fd);
      return (file === undefined ? undefined : statsOf.get(file)) ?? track(fd);
    }) as FileSystem['fstatSync'],

    writeSync: ((fd: number, ...rest: unknown[]) => {
      const written = (real.writeSync as (...args: unknown[]) => number)(fd, ...rest);
      const file = fileOf.get(fd);
      const stats = file === undefined ? undefined : statsOf.get(file);
      if (stats) {
        // (fd, buffer, offset, length, position): the only form PGlite uses.
        const position = typeof rest[1] === 'number' ? rest[3] : undefined;
        if (typeof position === 'number' && position >= 0)
          stats.size = Math.max(stats.size, position + written);
        else statsOf.delete(file!);
      }
      return written;
    }) as FileSystem['writeSync'],

    ftruncateSync: (fd: number, length?: number) => {
      real.ftruncateSync(fd, length);
      const file = fileOf.get(fd);
      const stats = file === undefined ? undefined : statsOf.get(file);
      if (stats) stats.size = length ?? 0;
    },

    closeSync: (fd: number) => {
      real.closeSync(fd);
      const file = fileOf.get(fd);
      if (file === undefined) return;
      fileOf.delete(fd);
      release(file);
    },

    openSync: ((file: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode) => {
      const truncates =
        typeof flags === 'number' ? (flags & fs.constants.O_TRUNC) !== 0 : /w/.test(flags ?? '');
      const fd = real.openSync(file, flags ?? 'r', mode);
      if (truncates) forgetAll();
      // Known from its opening, so that a write through it reaches a size remembered through
      // another descriptor of the same file. A number closed behind our back and reused for
      // another file is moved to that file by track.
      track(fd);
      return fd;
    }) as FileSystem['openSync'],

    truncateSync: ((...args: Parameters<FileSystem['truncateSync']>) => {
      real.truncateSync(...args);
      forgetAll();
    }) as FileSystem['truncateSync'],

    writeFileSync: ((...args: Parameters<FileSystem['writeFileSync']>) => {
      real.writeFileSync(...args);
      forgetAll();
    }) as FileSystem['writeFileSync'],

    appendFileSync: ((...args: Parameters<FileSystem['appendFileSync']>) => {
      real.appendFileSync(...args);
      forgetAll();
    }) as FileSystem['appendFileSync'],
  };

  /** Asks the system, and remembers the answer for the descriptor's file. */
  function track(fd: number) {
    const stats = real.fstatSync(fd);
    const key = `${stats.dev}:${stats.ino}`;
    const file = fileOf.get(fd);
    if (file !== key) {
      if (file !== undefined) release(file);
      fileOf.set(fd, key);
      descriptors.set(key, (descriptors.get(key) ?? 0) + 1);
    }
    statsOf.set(key, stats);
    return stats;
  }

  function release(file: string) {
    const left = (descriptors.get(file) ?? 1) - 1;
    if (left > 0) descriptors.set(file, left);
    else {
      descriptors.delete(file);
      statsOf.delete(file);
    }
  }

  Object.assign(target, patched);
  return () => Object.assign(target, real);
}
