import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, as login limits count it (README.md, "Login limits"): an IPv4
 * /24 or an IPv6 /64, so that a phone whose address changes within its provider's block, or a
 * household behind one router, stays one place. Anything else is its own network.
 */
export function networkOf(address: string): string {
  const ip = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return `${expand(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The eight groups of an IPv6 address, each without leading zeros. */
function expand(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // A trailing dotted IPv4 (::1.2.3.4) stands for the last two groups; the first four are all we need.
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}
