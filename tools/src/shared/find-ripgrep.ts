
const found = new Map<string, boolean>();

/** True when `command` (default `rg`) runs and reports a ripgrep version; checked once per command. */
export function hasRipgrep(command = 'rg'): boolean {
  let ok = found.get(command);
  if (ok === undefined) {
    try {
      const result = process.getBuiltinModule('node:child_process').spawnSync(command, ['--version'], { encoding: 'utf8', timeout: 5_000 });
      ok = result.status === 0 && /ripgrep/i.test(result.stdout ?? '');
    } catch {
      ok = false;
    }
    found.set(command, ok);
  }
  return ok;
}
