import { hostname, networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** `net.isIP`, node:net required on first use: a process serving over stdio never checks a host. */
function isIP(address: string): number {
  return process.getBuiltinModule('node:net').isIP(address);
}

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
 * One `--allowed-host` entry in the form {@link allowedHostNames} keeps: a bare name (accepted on
 * the listening port) or `name:port` (accepted on exactly that port: the address a load balancer
 * or reverse proxy forwards with its own `Host`). Undefined when it is neither.
 */
export function allowedHostEntry(text: string): string | undefined {
  if (text.length === 0 || text.length > 300 || /[\s/?#@\\]/.test(text)) return undefined;
  try {
    const url = new URL(`http://${text}`);
    const host = hostForUrl(url.hostname);
    // URL drops the scheme's default port (80), so look at the text for an explicit one.
    const port = /:(\d{1,5})$/.exec(text)?.[1];
    if (port === undefined) return host;
    return Number(port) >= 1 && Number(port) <= 65535 ? `${host}:${Number(port)}` : undefined;
  } catch {
    return undefined;
  }
}

/** True for an allowed-host entry that carries its own port (`name:port`). */
export function hasPort(entry: string): boolean {
  return /:\d+$/.test(entry);
}

/**
 * The host names a `Host` header may carry for a server bound to `bindHost`: the loopback names
 * always; the bound address itself; for a wildcard bind also every interface address and the
 * machine's host name; plus `extra` (names, or `name:port` pairs, see {@link allowedHostEntry};
 * an entry that is neither throws a TypeError). All in {@link hostForUrl} form.
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
  for (const text of extra) {
    const entry = allowedHostEntry(text);
    if (entry === undefined) throw new TypeError(`Allowed host '${text.slice(0, 100)}' is not a host name or host:port.`);
    names.add(entry);
  }
  return names;
}
