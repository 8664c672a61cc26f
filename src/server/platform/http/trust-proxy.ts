import { BlockList, isIP } from 'node:net';

/** The ranges proxy-addr (Fastify's trustProxy) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the reverse proxies in front of the app, as comma-separated addresses, CIDRs or the names
 * loopback, linklocal, uniquelocal. `request.ip` is then the address the nearest untrusted hop connected from:
 * X-Forwarded-For entries are read right to left only while they name a trusted proxy, so whatever a client
 * writes in the header itself is never believed. Empty (the default) trusts no one: `request.ip` is the socket's
 * peer. A hop count is refused: it cannot tell a proxy from a client that connects directly and writes the
 * header itself (Fastify 5.12.1+ ignores one for that reason). Returns the list, or the problem as a string.
 */
export function parseTrustProxy(value: string): string[] | string {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0 || (entries.length === 1 && ['false', 'none'].includes(entries[0]!.toLowerCase()))) {
    return [];
  }
  if (entries.length === 1 && /^(true|\d+)$/i.test(entries[0]!)) {
    return 'must name the proxies (addresses, CIDRs, or loopback/linklocal/uniquelocal), not true or a hop count: either lets a client that reaches the app directly choose its own address';
  }
  const bad = entries.filter((entry) => !NAMED_RANGES.has(entry) && !isAddressOrCidr(entry));
  if (bad.length > 0) return `not an address, CIDR or named range: ${bad.join(', ')}`;
  return entries;
}

/** The addresses proxy-addr gives each named range. */
const NAMED_SUBNETS: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether a socket's peer is one of the proxies TRUST_PROXY names (parseTrustProxy's list), for a header only a
 * trusted proxy may set (X-Request-Id) on a path Fastify's trustProxy does not see. An IPv4 entry also matches the
 * same address written as IPv4-mapped IPv6 (::ffff:10.0.0.5), as a dual-stack socket reports it.
 */
export function trustedProxyCheck(trustProxy: readonly string[]): (peer: string | undefined) => boolean {
  const trusted = new BlockList();
  for (const entry of trustProxy) {
    for (const [address, prefix, family] of NAMED_SUBNETS[entry] ?? []) trusted.addSubnet(address, prefix, family);
    if (NAMED_SUBNETS[entry]) continue;
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }
  return (peer) => {
    if (peer === undefined || trustProxy.length === 0) return false;
    const family = isIP(peer);
    return family !== 0 && trusted.check(peer, family === 4 ? 'ipv4' : 'ipv6');
  };
}
