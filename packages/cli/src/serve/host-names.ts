import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** The form a host takes in a `Host` header or URL: IPv6 literals in brackets, lower case. */
export function hostForUrl(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return isIP(bare) === 6 ? `[${bare}]` : bare;
}

/** True for `localhost`, 127.0.0.0/8, `::1` and IPv4-mapped loopback addresses. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** True for the wildcard addresses (`0.0.0.0`, `::`) that bind every interface. */
export function isWildcardHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === '0.0.0.0' || bare === '::' || bare === '';
}

/**
 * The host names a `Host` header may carry for a server bound to `bindHost`: the loopback names
 * always; the bound address itself; for a wildcard bind also every interface address and the
 * machine's host name; plus `extra`. All in {@link hostForUrl} form.
 */
export function allowedHostNames(bindHost: string, extra: readonly string[] = []): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (isWildcardHost(bindHost)) {
    for (const list of Object.values(networkInterfaces())) {
      for (const address of list ?? []) names.add(hostForUrl(address.address));
    }
    names.add(hostname().toLowerCase());
  } else {
    names.add(hostForUrl(bindHost));
  }
  for (const name of extra) names.add(hostForUrl(name));
  return names;
}
