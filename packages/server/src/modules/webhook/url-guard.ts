import dns from 'node:dns/promises';
import net from 'node:net';
import { msg } from '@gatehouse/contracts';
import { badRequest } from '../../http/errors.ts';

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved ranges. */
const BLOCKED = new net.BlockList();
for (const [a, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(a, bits, 'ipv4');
for (const [a, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  BLOCKED.addSubnet(a, bits, 'ipv6');

/** Whether an address is loopback, private, link-local or reserved (IPv4-mapped IPv6 checked as IPv4). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
  const family = net.isIP(ip);
  if (!family) return true;
  return BLOCKED.check(ip, family === 4 ? 'ipv4' : 'ipv6');
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
