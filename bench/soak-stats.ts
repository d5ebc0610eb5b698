/**
 * The figures of `npm run bench:soak`, from its load generators' records (bench/soak-clients.ts):
 * latencies per minute (by when each request was due) and kind, errors, and the overload's
 * shed requests and goodput. A request given up after TIMEOUT_MS counts in the latencies at that
 * figure, so a minute's p99 cannot look better for having dropped its slowest.
 */
import { percentiles } from './percentiles';
import { RECORD_FIELDS, TIMEOUT_MS } from './soak-protocol';
import { KINDS } from './soak-mix';

/** Phases of the open loop, as bench/soak.ts runs them. */
export const PHASE = { normal: 0, overload: 1, recovery: 2 } as const;

interface Cell {
  latencies: number[];
  errors: number;
  /** 503s (shed by the server; errors but under --overload) and requests given up after TIMEOUT_MS. */
  shed: number;
  timeouts: number;
}

export class SoakTally {
  /** minute -> kind -> cell */
  private readonly minutes: Cell[][] = [];
  private readonly overload = { shed: 0, good: 0, worst: 0, unanswered: 0, sent: 0 };
  /** Errors of the normal run (and its scenes), and of the overload and the minute after it. */
  errors = 0;
  overloadErrors = 0;
  sent = 0;

  constructor(private readonly t0: number) {}

  private cell(minute: number, kind: number) {
    const row = (this.minutes[minute] ??= []);
    return (row[kind] ??= { latencies: [], errors: 0, shed: 0, timeouts: 0 });
  }

  add(data: number[]) {
    for (let i = 0; i < data.length; i += RECORD_FIELDS) {
      const [kind, phase, due, latency, status] = data.slice(i, i + RECORD_FIELDS) as [
        number,
        number,
        number,
        number,
        number,
      ];
      this.sent++;
      const minute = Math.max(0, Math.floor((due - this.t0) / 60_000));
      const cell = this.cell(minute, kind);
      const ok = status >= 200 && status < 300;
      const underOverload = phase === PHASE.overload || phase === PHASE.recovery;
      const shed = underOverload && status === 503;
      if (status === 0) cell.latencies.push(TIMEOUT_MS);
      else if (latency >= 0) cell.latencies.push(latency);
      if (status === 503) cell.shed++;
      if (status === 0) cell.timeouts++;
      if (!ok && !shed) {
        cell.errors++;
        if (underOverload) this.overloadErrors++;
        else this.errors++;
      }
      if (phase === PHASE.overload) {
        this.overload.sent++;
        if (shed) this.overload.shed++;
        if (ok && latency <= 1000) this.overload.good++;
        if (status === 0) this.overload.unanswered++;
        else if (latency >= 0) this.overload.worst = Math.max(this.overload.worst, latency);
      }
    }
  }

  /** One minute's line: per kind p50/p99 (ms) and errors, kinds with requests only. */
  minuteLine(minute: number) {
    const row = this.minutes[minute] ?? [];
    const parts: string[] = [];
    let n = 0;
    let errors = 0;
    let shed = 0;
    let timeouts = 0;
    row.forEach((cell, kind) => {
      if (!cell) return;
      const p = percentiles(cell.latencies);
      n += cell.latencies.length;
      errors += cell.errors;
      shed += cell.shed;
      timeouts += cell.timeouts;
      parts.push(`${KINDS[kind]!.name} ${fmt(p.p50)}/${fmt(p.p99)}`);
    });
    return { requests: n, errors, shed, timeouts, kinds: parts.join('  ') };
  }

  /**
   * Per kind: p99 within the first minute, p99 of everything after it, the worst minute's p99
   * after it, and errors. `lastMinute` excludes the overload's minutes.
   */
  kindTable(lastMinute: number) {
    return KINDS.map((kind, k) => {
      const first: number[] = [];
      const after: number[] = [];
      let worstMinute = NaN;
      let errors = 0;
      for (let m = 0; m <= lastMinute; m++) {
        const cell = this.minutes[m]?.[k];
        if (!cell) continue;
        errors += cell.errors;
        if (m === 0) first.push(...cell.latencies);
        else {
          after.push(...cell.latencies);
          const p99 = percentiles(cell.latencies).p99;
          if (!(p99 <= worstMinute)) worstMinute = p99;
        }
      }
      const all = first.concat(after);
      const p = percentiles(all);
      return {
        kind: kind.name,
        requests: all.length,
        p50: p.p50,
        p99: p.p99,
        p99_first_minute: percentiles(first).p99,
        p99_after: percentiles(after).p99,
        worst_minute_p99: worstMinute,
        max: p.max,
        errors,
      };
    });
  }

  overloadFigures(seconds: number) {
    return {
      shed: this.overload.shed,
      goodput_per_s: Math.round((this.overload.good / seconds) * 10) / 10,
      worst_answer_ms: Math.round(this.overload.worst),
      unanswered: this.overload.unanswered,
      overload_sent: this.overload.sent,
      overload_errors: this.overloadErrors,
    };
  }
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
