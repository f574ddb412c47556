import { readdirSync, readFileSync } from 'node:fs';

/** Fields of `/proc/<pid>/stat` after the command name: state, ppid, pgrp, session, tty, tpgid. */
interface ProcStat {
  state: string;
  ppid: number;
  pgrp: number;
  session: number;
  tpgid: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, ppid: Number(fields[1]), pgrp: Number(fields[2]), session: Number(fields[3]), tpgid: Number(fields[5]) };
  } catch {
    return undefined;
  }
}

/** True while `pid` exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  const stat = readStat(pid);
  if (stat) return stat.state !== 'Z' && stat.state !== 'X';
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The session id of `pid` (Linux `/proc`, else `ps`). */
export function sessionOf(pid: number): number | undefined {
  const stat = readStat(pid);
  if (stat) return stat.session;
  return listWithPs().find((p) => p.pid === pid)?.session;
}

/** The foreground process group of the terminal `pid` is attached to, if known. */
export function foregroundGroupOf(pid: number): number | undefined {
  const tpgid = readStat(pid)?.tpgid;
  return tpgid !== undefined && tpgid > 0 ? tpgid : undefined;
}

/** The live processes of session `sid` (the shell and everything started from it that stayed in its session). */
export function processesInSession(sid: number): number[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return listWithPs().filter((p) => p.session === sid).map((p) => p.pid);
  }
  return pids.filter((pid) => {
    const stat = readStat(pid);
    return stat !== undefined && stat.session === sid && stat.state !== 'Z';
  });
}

function procPids(): number[] {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
}

/** The live descendants of `pid` (children first), from `/proc` (empty where there is none). */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const p of procPids()) {
    const stat = readStat(p);
    if (stat === undefined || stat.state === 'Z') continue;
    const list = children.get(stat.ppid) ?? [];
    list.push(p);
    children.set(stat.ppid, list);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const next: number[] = [];
    for (const parent of queue) {
      for (const child of children.get(parent) ?? []) {
        found.push(child);
        next.push(child);
      }
    }
    queue = next;
  }
  return found;
}

/** The first of `pids` that leads its own session (the shell under `script`), if any. */
export function sessionLeaderAmong(pids: readonly number[]): number | undefined {
  return pids.find((pid) => readStat(pid)?.session === pid);
}

/**
 * The live processes whose environment holds `entry` (`NAME=value`), as inherited from a shell
 * that exported it. Processes of other users may be unreadable and are not found.
 */
export function processesWithEnv(entry: string): number[] {
  const needle = Buffer.from(`${entry}\0`);
  return procPids().filter((pid) => {
    if (pid === process.pid) return false;
    try {
      const environ = readFileSync(`/proc/${pid}/environ`);
      return environ.indexOf(needle) !== -1 && isAlive(pid);
    } catch {
      return false;
    }
  });
}

/** SIGKILLs `pids` and waits (up to `waitMs`) until they are gone. */
export async function killAndWait(pids: readonly number[], waitMs = 2_000): Promise<void> {
  signalAll(pids, 'SIGKILL');
  for (let waited = 0; waited < waitMs && pids.some(isAlive); waited += 10) await new Promise((r) => setTimeout(r, 10));
}

function listWithPs(): Array<{ pid: number; session: number }> {
  try {
    const out = process.getBuiltinModule('node:child_process').execFileSync('ps', ['-A', '-o', 'pid=', '-o', 'sess='], { encoding: 'utf8' });
    return out
      .trim()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).map(Number))
      .map(([pid, session]) => ({ pid: pid!, session: session! }));
  } catch {
    return [];
  }
}

/** Sends `signal` to each pid, ignoring the ones already gone. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Ends every process of session `sid`: SIGHUP (what closing a terminal sends), then SIGKILL for
 * whatever is still alive after `graceMs`, and waits (up to 2 s) until they are gone. Processes that
 * left the session (`setsid`) are not in it: the PID namespace or {@link processesWithEnv} finds those.
 */
export async function killSession(sid: number, graceMs = 300): Promise<void> {
  let alive = processesInSession(sid);
  if (alive.length === 0) return;
  signalAll(alive, 'SIGHUP');
  signalAll(alive, 'SIGCONT'); // stopped jobs (C-z) must run to die of SIGHUP
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    alive = alive.filter(isAlive);
    if (alive.length === 0) return;
  }
  await killAndWait(processesInSession(sid));
}
