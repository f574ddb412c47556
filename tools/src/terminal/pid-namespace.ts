import { spawnSync } from 'node:child_process';

let probed: readonly string[] | null | undefined;

/** The ways to put a command in a PID namespace of its own, tried in order (root; then any user, through a user namespace). */
const CANDIDATES: ReadonlyArray<readonly string[]> = [
  ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc'],
  ['unshare', '--user', '--map-current-user', '--pid', '--fork', '--kill-child', '--mount-proc'],
];

/**
 * The command prefix that runs a program as the first process of a new PID namespace (with its own
 * `/proc`, so `ps` and `kill` inside see the namespace's pids), or undefined where that is not
 * allowed (no util-linux `unshare`, a container without the capability, user namespaces disabled).
 * When that first process ends, the kernel kills every process left in the namespace, including
 * those that left the shell's session with `setsid` or double-forked into daemons. Probed once.
 */
export function pidNamespacePrefix(): readonly string[] | undefined {
  if (probed === undefined) {
    probed = null;
    for (const candidate of CANDIDATES) {
      try {
        const result = spawnSync(candidate[0]!, [...candidate.slice(1), 'true'], { stdio: 'ignore', timeout: 5_000 });
        if (result.status === 0) {
          probed = candidate;
          break;
        }
      } catch {
        // not installed
      }
    }
  }
  return probed ?? undefined;
}
