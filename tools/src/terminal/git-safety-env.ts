/**
 * The environment the terminal's shell gets, plus git configuration that keeps git from using a
 * repository the model could have written: `safe.bareRepository=explicit` makes git refuse a bare
 * repository it discovers on its own (`cd x && git status` where `x/` holds `HEAD`, `objects/`,
 * `refs/` and a `config` with `core.fsmonitor`). A normal repository's `.git/` is a protected path
 * (writing it asks in every mode), but a bare layout is plain files in the workspace, and git reads
 * its `config`, which can name programs git runs (fsmonitor, pager, diff drivers), even for commands
 * the shell analysis calls read-only. The setting goes through git's `GIT_CONFIG_COUNT` /
 * `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n` variables (git ≥ 2.31), appended after any the
 * environment already carries, so the user's own entries keep working.
 */
export function withGitSafety(env: Readonly<Record<string, string>>): Record<string, string> {
  const count = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10);
  const n = Number.isInteger(count) && count >= 0 ? count : 0;
  return { ...env, GIT_CONFIG_COUNT: String(n + 1), [`GIT_CONFIG_KEY_${n}`]: 'safe.bareRepository', [`GIT_CONFIG_VALUE_${n}`]: 'explicit' };
}
