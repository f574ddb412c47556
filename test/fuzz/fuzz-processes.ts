import { readFileSync, readdirSync, readlinkSync } from 'node:fs';

/** Pids of running processes (zombies excluded) with their parent pid and working directory. */
function processTable(): { pid: number; ppid: number; cwd: string }[] {
  const out: { pid: number; ppid: number; cwd: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z' || fields[0] === 'X') continue;
      let cwd = '';
      try {
        cwd = readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        // Not ours to read.
      }
      out.push({ pid: Number(entry), ppid: Number(fields[1]), cwd });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/**
 * Running processes that belong to a fuzz session: descendants of `root`, and anything whose
 * working directory is inside `scratch` (which catches `setsid`/daemonised processes re-parented
 * away from us). `root` itself is not included.
 */
export function sessionProcesses(root: number, scratch: string): number[] {
  const table = processTable();
  const found = new Set<number>();
  let frontier = [root];
  while (frontier.length > 0) {
    const next = table.filter((p) => frontier.includes(p.ppid) && !found.has(p.pid)).map((p) => p.pid);
    for (const pid of next) found.add(pid);
    frontier = next;
  }
  for (const p of table) if (p.pid !== root && (p.cwd === scratch || p.cwd.startsWith(`${scratch}/`))) found.add(p.pid);
  found.delete(process.pid);
  return [...found];
}

/** Waits until none of `list()` runs or `ms` passed; returns what still runs. */
export async function waitGone(list: () => number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = list();
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    left = list();
  }
  return left;
}

/** SIGKILLs each pid (best effort). */
export function killAll(pids: readonly number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
