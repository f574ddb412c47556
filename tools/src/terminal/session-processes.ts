import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Fields of `/proc/<pid>/stat` after the command name: state, ppid, pgrp, session, tty, tpgid. */
interface ProcStat {
  state: string;
  pgrp: number;
  session: number;
  tpgid: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, pgrp: Number(fields[2]), session: Number(fields[3]), tpgid: Number(fields[5]) };
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

function listWithPs(): Array<{ pid: number; session: number }> {
  try {
    const out = execFileSync('ps', ['-A', '-o', 'pid=', '-o', 'sess='], { encoding: 'utf8' });
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
 * whatever is still alive after `graceMs`, and waits (up to 2 s) until they are gone. Processes that left the session (`setsid`) are beyond reach.
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
  const stubborn = processesInSession(sid);
  signalAll(stubborn, 'SIGKILL');
  for (let waited = 0; waited < 2_000 && stubborn.some(isAlive); waited += 10) await new Promise((r) => setTimeout(r, 10));
}
