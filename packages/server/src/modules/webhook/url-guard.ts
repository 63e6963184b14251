import dns from 'node:dns/promises';
import net from 'node:net';
import { msg } from '@gatehouse/contracts';
import ipaddr from 'ipaddr.js';
import { badRequest } from '../../http/errors.ts';

/** IANA's global unicast allocation for IPv6 (2000::/3): anything else is not a public address. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether an address is anything but a public unicast one, by IANA's special-purpose address
 * registries as ipaddr.js keeps them (its `range()`: loopback, private, link-local, carrier-grade
 * NAT, documentation networks 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24 and 2001:db8::/32,
 * benchmarking, 6to4, Teredo, NAT64, ORCHID, multicast, reserved, …). An IPv6 address must also lie in
 * 2000::/3, which refuses IPv4-compatible `::a.b.c.d`, site-local fec0::/10 and every other block IANA
 * has not given to global unicast; an IPv4-mapped one is judged as its IPv4 address.
 */
export function isPrivateAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return true;
  let a = ipaddr.parse(ip);
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  if (a.kind() === 'ipv4') return a.range() !== 'unicast';
  return !(a as ipaddr.IPv6).match(GLOBAL_UNICAST_V6) || a.range() !== 'unicast';
}

/**
 * Where a webhook URL may point: every address its host resolves to must be public,
 * unless private targets are allowed (WEBHOOK_ALLOW_PRIVATE=1). Checked at registration
 * and again before each delivery. Throws a 400 with the catalogue message.
 */
export async function assertPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw badRequest('webhook.err.unresolvable');
    }
  }
  const bad = addresses.find(isPrivateAddress);
  if (bad || !addresses.length) throw badRequest(msg('webhook.err.private', { ip: bad ?? host }));
}
