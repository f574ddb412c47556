
let probed: readonly string[] | null | undefined;

/**
 * The namespace's first process (its init): bash, which runs the command as its child and waits for
 * it, reaping every other process that ends in the namespace (orphans are re-parented to the init),
 * and exits with the command's status. The command must not be the init itself: util-linux `script`
 * as init reaped an orphan (`( sleep 1 & )`, a killed background pipeline) in its wait loop and
 * stopped relaying the terminal, so the next command never finished. The child is a background job
 * of a shell without job control: its standard input is given back explicitly (else /dev/null) and
 * SIGINT and SIGQUIT are restored (else ignored, and C-c would not reach the shell's programs).
 * An init ignores the signals it has no handler for, so `kill 1` inside cannot end the session.
 */
const INIT = ['bash', '-c', '(trap - INT QUIT; exec "$@") <&0 & wait "$!"', 'toolwright-init'];

/** The ways to put a command in a PID namespace of its own, tried in order (root; then any user, through a user namespace). */
const CANDIDATES: ReadonlyArray<readonly string[]> = [
  ['unshare', '--pid', '--fork', '--kill-child', '--mount-proc', ...INIT],
  ['unshare', '--user', '--map-current-user', '--pid', '--fork', '--kill-child', '--mount-proc', ...INIT],
];

/**
 * The command prefix that runs a program in a new PID namespace (with its own `/proc`, so `ps` and
 * `kill` inside see the namespace's pids), as the only child of the namespace's init (a bash that
 * reaps orphans), or undefined where that is not allowed (no util-linux `unshare` or bash, a
 * container without the capability, user namespaces disabled). When the program ends, the init
 * ends with its status, and the kernel kills every process left in the namespace, including
 * those that left the shell's session with `setsid` or double-forked into daemons. Probed once.
 */
export function pidNamespacePrefix(): readonly string[] | undefined {
  if (probed === undefined) {
    probed = null;
    for (const candidate of CANDIDATES) {
      try {
        const result = process.getBuiltinModule('node:child_process').spawnSync(candidate[0]!, [...candidate.slice(1), 'true'], { stdio: 'ignore', timeout: 5_000 });
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
