import type { SessionView } from '@alumnet/contract';
import Bowser from 'bowser';

export const UNKNOWN_BROWSER = 'Unknown browser';

/** "Firefox 132 on Windows", from a User-Agent; what it cannot tell is left out. */
export function browserLabel(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const parsed = Bowser.parse(userAgent);
  const name = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  const browser = name ? (major ? `${name} ${major}` : name) : UNKNOWN_BROWSER;
  return os ? `${browser} on ${os}` : browser;
}

export function presentSession(
  row: {
    id: string;
    userAgent: string | null;
    ipPrefix: string | null;
    createdAt: Date;
    lastSeenAt: Date | null;
  },
  currentSessionId: string,
): SessionView {
  return {
    _id: row.id,
    browser: browserLabel(row.userAgent),
    place: row.ipPrefix,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    current: row.id === currentSessionId,
  };
}
