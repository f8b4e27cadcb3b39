/**
 * The outbound address rule, one for every kind of connection (HTTP in `lib/http/outbound.ts`,
 * raw TCP and TLS in `guarded-socket.ts`): resolve the host here, refuse it when any address
 * it resolves to is private, loopback, link-local, CGNAT, multicast, reserved, or IPv4 inside
 * IPv6, unless private networks are allowed (tests, vendors on one's own network), and then
 * connect to an address that was checked, never to the name again.
 */
import dns from 'node:dns';
import net from 'node:net';

export class BlockedAddressError extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`Refused to connect to ${host} (${address}): private, loopback and reserved addresses are not allowed for outbound calls.`);
    this.name = 'BlockedAddressError';
  }
}

const V4_BLOCKED: Array<[string, number]> = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const v4ToInt = (ip: string) => ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
const inV4 = (ip: string, [base, bits]: [string, number]) => bits === 0 || (v4ToInt(ip) >>> (32 - bits)) === (v4ToInt(base) >>> (32 - bits));

/** The 8 groups of an IPv6 address as numbers (handles `::` and a dotted IPv4 tail). */
function v6Groups(ip: string): number[] {
  let address = ip.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    address = address.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = address.split('::') as [string, string | undefined];
  const parse = (s: string | undefined) => (s ? s.split(':').filter(Boolean).map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
}

/** True for any address an outbound call must not reach unless allowed. */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 4) return V4_BLOCKED.some((range) => inV4(ip, range)) || ip === '255.255.255.255';
  if (family !== 6) return true; // not an address at all: refuse
  const g = v6Groups(ip);
  const embeddedV4 = () => `${g[6]! >>> 8}.${g[6]! & 0xff}.${g[7]! >>> 8}.${g[7]! & 0xff}`;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return isPrivateAddress(embeddedV4()); // ::ffff:a.b.c.d
  if (g.slice(0, 6).every((x) => x === 0)) return true; // ::, ::1 and the deprecated IPv4-compatible form
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPrivateAddress(embeddedV4()); // NAT64
  if (g[0] === 0x2002) return isPrivateAddress(`${g[1]! >>> 8}.${g[1]! & 0xff}.${g[2]! >>> 8}.${g[2]! & 0xff}`); // 6to4
  return (g[0]! & 0xfe00) === 0xfc00 || (g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xff00) === 0xff00 || (g[0] === 0x2001 && g[1] === 0x0db8);
}

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
export const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export type AddressCheckOptions = { allowPrivateNetwork: boolean; lookup?: Lookup };

/**
 * The addresses of `host` (a name, or an IP literal with or without brackets) once every one
 * has passed the rule; throws BlockedAddressError for the first that does not.
 */
export async function resolveCheckedAddresses(host: string, options: AddressCheckOptions): Promise<Array<{ address: string; family: number }>> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare) ? [{ address: bare, family: net.isIP(bare) }] : await (options.lookup ?? systemLookup)(bare);
  if (!options.allowPrivateNetwork) {
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) throw new BlockedAddressError(bare, blocked.address);
  }
  if (addresses.length === 0) throw new Error(`${bare} has no address`);
  return addresses;
}
