import { describe, expect, it } from 'vitest';
import { canChangeJob, jobProgress } from './job-status';

describe('dispatch job helpers', () => {
  it('lets only a job in review be dispatched or deleted', () => {
    expect(canChangeJob({ status: 'review' })).toBe(true);
    expect(canChangeJob({ status: 'dispatched' })).toBe(false);
    expect(canChangeJob({ status: 'done' })).toBe(false);
    expect(canChangeJob({ status: 'failed' })).toBe(false);
  });

  it('reads progress as a whole percentage, never above 100', () => {
    expect(jobProgress({ sent: 1, count: 3 })).toBe(33);
    expect(jobProgress({ sent: 5, count: 4 })).toBe(100);
    expect(jobProgress({ sent: 0, count: 0 })).toBe(0);
  });
});
