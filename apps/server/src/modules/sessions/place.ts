import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address's prefix only ("203.0.113.x", "2001:db8:1::/48"): enough to tell a member "this
 * was in your city's provider", never the address that identifies their line.
 */
export function addressPrefix(ip: string | undefined | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const v4 = mapped ? mapped[1]! : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.x`;
  if (!isIPv6(ip)) return null;
  const groups = expandIPv6(ip.split('%')[0]!).slice(0, 3);
  // Trailing zero groups fold into "::" as an address would be written.
  while (groups.length > 0 && groups[groups.length - 1] === 0) groups.pop();
  return `${groups.map((g) => g.toString(16)).join(':')}::/48`;
}

function expandIPv6(ip: string): number[] {
  const [head = '', tail] = ip.split('::');
  const part = (s: string) => (s ? s.split(':') : []);
  const toNumbers = (parts: string[]) => parts.map((p) => parseInt(p, 16));
  const left = toNumbers(part(head));
  const right = tail === undefined ? [] : toNumbers(part(tail));
  const zeros = Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0);
  return [...left, ...zeros, ...right];
}
