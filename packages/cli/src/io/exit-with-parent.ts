/** The environment variable that lets the CLI outlive its parent (`nohup toolwright serve --http &`). */
export const OUTLIVE_PARENT_ENV = 'TOOLWRIGHT_OUTLIVE_PARENT';

/** Options of {@link exitWithParent}. */
export interface ExitWithParentOptions {
  /** How often the parent is looked at, ms (default 500). */
  intervalMs?: number;
  /** What to do once the parent is gone (default: SIGTERM to this process, so `serve` closes as on Ctrl-C). */
  onParentGone?: () => void;
  /** The parent's pid now (default `process.ppid`; tests pass their own). */
  parentPid?: () => number;
}

/**
 * Ends this process when its parent goes away. `npx toolwright serve` runs node under `npm exec`
 * and a shell; stopping that job kills npm, which does not pass the signal on, and the server
 * would keep running as an orphan (still holding its port, its MCP children and their files).
 * An orphan is re-parented, so a change of `process.ppid` means the parent is gone: the process
 * then gets SIGTERM, which `serve` handles like Ctrl-C (sessions, MCP servers and children
 * closed) and any other command dies of. Started with parent pid 1 (an init system, a
 * container's entry point) there is nothing to watch. The timer never keeps the process alive.
 * Returns a function that stops watching.
 */
export function exitWithParent(options: ExitWithParentOptions = {}): () => void {
  const parentPid = options.parentPid ?? (() => process.ppid);
  const first = parentPid();
  if (first <= 1) return () => undefined;
  const timer = setInterval(() => {
    if (parentPid() === first) return;
    clearInterval(timer);
    (options.onParentGone ?? (() => process.kill(process.pid, 'SIGTERM')))();
  }, options.intervalMs ?? 500);
  timer.unref();
  return () => clearInterval(timer);
}
