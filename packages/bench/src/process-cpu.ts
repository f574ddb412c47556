import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU µs a process has used so far (Linux): the time each of its threads ran, from
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds; user and system together), else user + system from
 * /proc/<pid>/stat (10 ms ticks, too coarse for a 2 % difference in a 300 ms start); undefined
 * elsewhere or when the process is gone. The one reader of process CPU time for every bench group.
 */
export function processCpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    if (Number.isFinite(ns) && ns > 0) return ns / 1e3;
  } catch {
    // no schedstat (kernel without it): the ticks below
  }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return undefined;
  }
}
