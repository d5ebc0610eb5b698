import { describe, expect, it } from 'vitest';
import { messageDay, messageTime } from './message-time';

describe('messageTime', () => {
  it('pads hours and minutes to two digits', () => {
    expect(messageTime(new Date(2025, 0, 2, 9, 5))).toBe('09:05');
    expect(messageTime(new Date(2025, 0, 2, 0, 0))).toBe('00:00');
    expect(messageTime(new Date(2025, 0, 2, 23, 59, 59))).toBe('23:59');
    expect(messageTime(new Date(2025, 0, 2, 14, 30))).toBe('14:30');
  });

  it('reads the ISO timestamps the server sends in local time', () => {
    expect(messageTime(new Date(2025, 5, 15, 7, 3).toISOString())).toBe('07:03');
  });

  it('shows nothing for a broken timestamp', () => {
    expect(messageTime('not a date')).toBe('');
  });
});

describe('messageDay', () => {
  const now = new Date(2025, 5, 15, 10, 0);

  it('names today and yesterday, then gives the date', () => {
    expect(messageDay(new Date(2025, 5, 15, 0, 1), now)).toBe('Today');
    expect(messageDay(new Date(2025, 5, 14, 23, 59), now)).toBe('Yesterday');
    expect(messageDay(new Date(2025, 2, 12, 9, 0), now)).toBe('12 Mar 2025');
  });
});

describe('in a time zone of its own', () => {
  // 20:45 in London's summer is 01:15 the next day in India.
  const at = '2025-06-15T19:45:00Z';

  it("gives the time and the day where the reader is, whatever the runtime's zone", () => {
    expect(messageTime(at, 'Europe/London')).toBe('20:45');
    expect(messageTime(at, 'Asia/Kolkata')).toBe('01:15');
    const now = new Date('2025-06-16T04:00:00Z');
    expect(messageDay(at, now, 'Asia/Kolkata')).toBe('Today');
    expect(messageDay(at, now, 'Europe/London')).toBe('Yesterday');
    expect(messageDay(at, new Date('2025-07-01T04:00:00Z'), 'Asia/Kolkata')).toBe('16 Jun 2025');
  });
});
