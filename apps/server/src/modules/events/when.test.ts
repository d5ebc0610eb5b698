import { describe, expect, it } from 'vitest';
import { heldFormatters, whenText } from './when';

describe('whenText', () => {
  it("writes the instant in the event's zone, named", () => {
    expect(whenText(new Date('2026-06-14T12:30:00Z'), 'Asia/Kolkata')).toBe(
      '14 Jun 2026, 18:00 (Asia/Kolkata)',
    );
  });

  it('keeps a bounded number of formatters however many zone spellings it sees', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    const spellings = [...zones, ...zones.map((z) => z.toLowerCase())];
    expect(spellings.length).toBeGreaterThan(500);
    for (const zone of spellings) whenText(new Date(0), zone);
    expect(heldFormatters()).toBeLessThanOrEqual(500);
    // Still right for a zone pushed out and made again.
    expect(whenText(new Date('2026-01-01T00:00:00Z'), zones[0]!)).toContain(`(${zones[0]})`);
  });
});
