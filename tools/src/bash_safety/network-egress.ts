import type { SimpleCommand } from './simple-command.js';

/** Programs whose purpose is to contact other hosts: a call of one of them is network egress. */
export const NETWORK_COMMANDS: ReadonlySet<string> = new Set([
  'curl', 'wget', 'ssh', 'scp', 'sftp', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ftp', 'tftp', 'rsync', 'ping', 'ping6', 'dig', 'nslookup', 'host',
  'whois', 'gh', 'aws', 'gcloud', 'az', 'http', 'https', 'xh', 'lftp', 'aria2c', 'mosh', 'openssl',
]);

/** git subcommands that contact a remote. */
export const GIT_NETWORK_SUBCOMMANDS: ReadonlySet<string> = new Set(['fetch', 'pull', 'push', 'clone', 'ls-remote', 'archive', 'submodule', 'send-email', 'request-pull', 'svn', 'p4']);

/** Package manager subcommands that contact a package index. */
const PACKAGE_NETWORK: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(['install', 'i', 'ci', 'add', 'update', 'up', 'outdated', 'view', 'info', 'show', 'search', 'publish', 'audit', 'login', 'exec', 'x']),
  npx: new Set(['*']),
  pip: new Set(['install', 'download', 'index', 'search', 'wheel']),
  pip3: new Set(['install', 'download', 'index', 'search', 'wheel']),
};

/** A URL (`https://…`, `ssh://…`, `git://…`, `file://…`). */
const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * Why the simple command contacts the network, or undefined: a redirection from or to
 * `/dev/tcp/…` or `/dev/udp/…`, a network client (`curl`, `ssh`, `nc`, …), a git subcommand
 * that talks to a remote or any git argument that is a URL or `host:path`, or a package
 * manager command that queries an index.
 */
export function networkEgress(command: SimpleCommand): string | undefined {
  for (const r of command.redirects) {
    if (!r.target) continue;
    if (r.target.dynamic) return `redirection to '${r.target.value}' is only known when the command runs and may be /dev/tcp or /dev/udp`;
    if (/^\/dev\/(tcp|udp)\//.test(r.target.value)) return `redirection to '${r.target.value}' opens a network connection`;
  }
  const words = command.words.map((w) => w.value);
  const name = words[0] ?? '';
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (NETWORK_COMMANDS.has(base)) return `'${base}' contacts other hosts`;
  if (base === 'git') {
    const sub = gitSubcommand(words.slice(1));
    if (sub && GIT_NETWORK_SUBCOMMANDS.has(sub)) return `'git ${sub}' contacts a remote`;
    if (sub === 'remote' && words.includes('show') && !words.includes('-n')) return "'git remote show' contacts the remote";
    if (sub === 'remote' && words.includes('update')) return "'git remote update' contacts the remotes";
    // `host:path` cannot be told from `rev:path` (`HEAD:README`); the subcommands that take one are listed above
    const remote = words.slice(1).find((w) => URL.test(w));
    if (remote) return `git argument '${remote}' names a remote location`;
  }
  const network = Object.hasOwn(PACKAGE_NETWORK, base) ? PACKAGE_NETWORK[base] : undefined;
  if (network) {
    const sub = words.slice(1).find((w) => !w.startsWith('-'));
    if (network.has('*') || (sub !== undefined && network.has(sub))) return `'${base}${sub && !network.has('*') ? ` ${sub}` : ''}' queries a package index`;
  }
  return undefined;
}

/** The git subcommand after the global options (`git -C d log` → `log`). */
function gitSubcommand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-C' || a === '-c' || a === '--git-dir' || a === '--work-tree' || a === '--namespace' || a === '--config-env') i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}
