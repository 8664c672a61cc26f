import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Addresses only this machine or its local network can use: loopback, the private ranges (a phone on the office
 * Wi-Fi) and link-local. An attacker on the internet cannot make a customer's browser reach one of these on the
 * attacker's behalf, so a link pointing there does not hand a one-time sign-in token to anyone else.
 */
const localNetworks = new BlockList();
localNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
localNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
localNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
localNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
localNetworks.addSubnet('169.254.0.0', 16, 'ipv4');
localNetworks.addAddress('::1', 'ipv6');
localNetworks.addSubnet('fc00::', 7, 'ipv6');
localNetworks.addSubnet('fe80::', 10, 'ipv6');

// host[:port] as a browser writes it in Host: a name or an IPv4 address, or a bracketed IPv6 address.
const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** localhost (and *.localhost), an mDNS name on the local network (*.local), or an address in localNetworks. */
function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local')) return true;
  const family = isIP(name);
  return family !== 0 && localNetworks.check(name, family === 4 ? 'ipv4' : 'ipv6');
}

/** `protocol://host` as an origin when the host is one of this machine's or its local network's; else null. */
function localOrigin(protocol: string, host: string): string | null {
  if ((protocol !== 'http' && protocol !== 'https') || !HOST_HEADER.test(host)) return null;
  let url: URL;
  try {
    url = new URL(`${protocol}://${host}`);
  } catch {
    return null;
  }
  return isLocalHostname(url.hostname) ? url.origin : null;
}

/** The origin of an absolute URL we built earlier (a checkout's success URL) when its host is local; else null. */
export function localOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return localOrigin(parsed.protocol.replace(/:$/, ''), parsed.host);
  } catch {
    return null;
  }
}

type OriginConfig = Pick<Config, 'publicUrl' | 'publicUrlFollowsRequest'>;

/**
 * The site's address for the absolute URLs made while answering `request` (the payment page's return URLs, the
 * links in the e-mail it sends): PUBLIC_URL when set, always in production. Outside production without it, the
 * host the browser used, so a customer who checks out on 127.0.0.1 (or from a phone on the network) comes back to
 * the origin that holds the checkout cookie and the portal session. Only a host of this machine or its local
 * network is followed (ADR 015): whoever writes `Host: attacker.example` into a request that sends a sign-in link
 * gets the default instead. Host and protocol come from X-Forwarded-* only through the proxies TRUST_PROXY names.
 */
export function publicUrlFor(request: FastifyRequest, config: OriginConfig): string {
  if (!config.publicUrlFollowsRequest) return config.publicUrl;
  return localOrigin(request.protocol, request.host) ?? config.publicUrl;
}

/** How long browsers keep the redirect, so that a corrected PUBLIC_URL reaches them within a day. */
const REDIRECT_MAX_AGE_S = 86_400;

/** The host as the origin would write it: lower case, without the scheme's default port; null when unreadable. */
function normalisedHost(host: string, protocol: string): string | null {
  if (!HOST_HEADER.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

/**
 * Production has one origin, PUBLIC_URL's: a request on any other host name (www. against the bare domain, the
 * server's IP address) is answered with a redirect to the same path and query there, before anything else runs,
 * so no cookie is ever set on a second origin. GET and HEAD get 301; other methods 308, which keeps the method
 * and the body. The paths in `anyHost` answer on every host: load balancers probe health by IP address, and the
 * payment provider's signed webhook carries no cookie and does not follow redirects. Only the host is compared:
 * the scheme is the TLS proxy's business (and HSTS's). Behind a proxy, the host is the proxy's X-Forwarded-Host
 * when TRUST_PROXY names it, else the Host header it passes on.
 */
export function registerCanonicalOrigin(
  app: FastifyInstance,
  options: { config: Pick<Config, 'isProduction' | 'publicUrl'>; anyHost: string[] },
): void {
  if (!options.config.isProduction) return;
  const canonical = new URL(options.config.publicUrl);
  const anyHost = new Set(options.anyHost);
  // A callback hook, and the Host header as the canonical origin writes it (nearly every request) answered by one
  // string comparison: parsing it as a URL on every request cost more than the rest of the hook (docs/perf/).
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.host;
    if (host === canonical.host || normalisedHost(host, canonical.protocol) === canonical.host) return done();
    const queryAt = request.url.indexOf('?');
    if (anyHost.has(queryAt === -1 ? request.url : request.url.slice(0, queryAt))) return done();
    const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;
    // An absolute-form request target (GET http://elsewhere/ HTTP/1.1) is not a path to keep.
    const target = request.url.startsWith('/') ? request.url : '/';
    reply.header('cache-control', `max-age=${REDIRECT_MAX_AGE_S}`);
    reply.redirect(`${canonical.origin}${target}`, status);
  });
}
