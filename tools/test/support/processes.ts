import { readdirSync, readFileSync } from 'node:fs';

/** Host pids of the live processes whose command line is exactly `argv` (read from /proc; zombies excluded). */
export function pidsRunning(argv: readonly string[]): number[] {
  const wanted = `${argv.join('\0')}\0`;
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'utf8') !== wanted) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z') found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}
