/** How the interpreter isolates code: bubblewrap, or nothing at all (explicit opt-out). */
export type SandboxMode = 'bwrap' | 'none';

/** Inputs of {@link bwrapArgs}. */
export interface BwrapArgsOptions {
  /** The Python interpreter inside the sandbox (a path under /usr). */
  python: string;
  /** Environment of the sandboxed process (bwrap starts from an empty one). */
  env: Readonly<Record<string, string>>;
  /** Size of the private /tmp, in bytes. */
  tmpBytes: number;
  /** A host directory made visible read-only at `/.mpl-cache` (matplotlib's font cache), if any. */
  mplCacheDir?: string;
  /** Bind the cache read-write instead (to build it). */
  writableCache?: boolean;
  /** The program (`-c` source). */
  program: string;
}

/**
 * bubblewrap arguments for one run: every namespace unshared (no network: only a loopback
 * device), dies with its parent, a new session (no TIOCSTI into our terminal), all capabilities
 * dropped, uid/gid 65534; the file system is `/usr` read-only (with the merged-/usr symlinks), the
 * few `/etc` entries Python and matplotlib read, fresh `/proc` and `/dev`, and a private size-capped
 * tmpfs `/tmp` as the only writable place (the root is remounted read-only). The host's home, `/work`, `/root`, `/etc/passwd` and
 * the rest of `/etc` are not there at all.
 */
export function bwrapArgs(options: BwrapArgsOptions): string[] {
  const args = ['--unshare-all', '--unshare-user', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--uid', '65534', '--gid', '65534', '--clearenv'];
  for (const [key, value] of Object.entries(options.env)) args.push('--setenv', key, value);
  args.push('--ro-bind', '/usr', '/usr');
  for (const link of ['bin', 'lib', 'lib64', 'sbin']) args.push('--symlink', `usr/${link}`, `/${link}`);
  for (const path of ['/etc/alternatives', '/etc/fonts', '/etc/matplotlibrc', '/etc/ld.so.cache', '/etc/localtime', '/etc/mime.types']) args.push('--ro-bind-try', path, path);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(options.tmpBytes), '--perms', '1777', '--tmpfs', '/tmp');
  if (options.mplCacheDir) args.push(options.writableCache ? '--bind' : '--ro-bind-try', options.mplCacheDir, '/.mpl-cache');
  // The root itself (bwrap's tmpfs holding the mount points and /etc) becomes read-only last.
  args.push('--remount-ro', '/', '--chdir', '/tmp', '--', options.python, '-I', '-B', '-c', options.program);
  return args;
}
