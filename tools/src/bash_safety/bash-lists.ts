/**
 * Lists the bash safety analysis works from. The read-only allowlist, per command and per option,
 * is in `read-only-commands.ts` (with `git-read-only.ts` and `find-expression.ts`).
 */

/**
 * Environment variables a read-only command may be given and stay read-only (and covered by an
 * allow rule): they only change language, time zone, colours and terminal size. Any other
 * variable (`PAGER`, `GIT_EXTERNAL_DIFF`, `LD_PRELOAD`, `BASH_ENV`, `NODE_OPTIONS`, …) may make a
 * program run another, so it is not harmless.
 */
export const HARMLESS_VARIABLES: ReadonlySet<string> = new Set([
  'LANG', 'LANGUAGE', 'LC_ALL', 'LC_CTYPE', 'LC_COLLATE', 'LC_MESSAGES', 'LC_NUMERIC', 'LC_TIME', 'LC_MONETARY', 'TZ', 'NO_COLOR', 'FORCE_COLOR',
  'CLICOLOR', 'CLICOLOR_FORCE', 'TERM', 'COLUMNS', 'LINES',
]);

/**
 * Node types of tree-sitter-bash that the analysis cannot see through: what they run or expand to
 * is only known when bash runs them. (`$(…)` and `for … in` are analysed: their commands are
 * simple commands of the line, their values unknown.)
 */
export const INJECTION_NODE_TYPES: ReadonlySet<string> = new Set([
  'process_substitution', 'expansion', 'arithmetic_expansion', 'subshell', 'c_style_for_statement',
  'while_statement', 'if_statement', 'case_statement', 'function_definition', 'test_command', 'brace_expression',
]);

/** Commands whose non-flag arguments are paths they change. */
export const PATH_CHANGING_COMMANDS: ReadonlySet<string> = new Set([
  'rm', 'mv', 'cp', 'chmod', 'chown', 'chgrp', 'touch', 'ln', 'sed', 'mkdir', 'rmdir', 'tee', 'truncate', 'install', 'shred', 'unlink',
]);

/** Commands acceptEdits may auto-allow when every target is inside the working directories. */
export const FILESYSTEM_EDIT_COMMANDS: ReadonlySet<string> = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed', 'tee']);

/**
 * Commands no prefix rule is suggested for: shells, interpreters and wrappers run whatever
 * program their arguments name, so `sh:*` or `python:*` would allow anything. The exact command
 * is suggested instead.
 */
export const NO_PREFIX_RULE_COMMANDS: ReadonlySet<string> = new Set([
  'sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'csh', 'tcsh', 'python', 'python2', 'python3', 'node', 'nodejs', 'deno', 'bun', 'perl', 'ruby', 'php',
  'lua', 'Rscript', 'pwsh', 'awk', 'gawk', 'mawk', 'nawk', 'npx', 'env', 'xargs', 'eval', 'exec', 'source', '.', 'sudo', 'doas', 'su', 'nohup',
  'timeout', 'nice', 'ionice', 'stdbuf', 'time', 'setsid', 'chroot', 'command', 'builtin', 'find', 'watch', 'script', 'expect', 'ssh',
]);

/** Wrappers that run the command unchanged (same user, same arguments): a rule for the command covers it behind them. */
export const TRANSPARENT_WRAPPERS: ReadonlySet<string> = new Set(['timeout', 'nice', 'ionice', 'stdbuf', 'time', 'command', 'builtin', 'setsid', 'env', 'exec']);

/** Shells whose `-c` string is parsed and analysed as a command. */
export const SHELLS: ReadonlySet<string> = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

/** Commands that change how later commands in the session resolve (an alias named `ls`, a PATH change). */
export const RESOLUTION_CHANGING_COMMANDS: ReadonlySet<string> = new Set(['alias', 'hash', 'enable', 'trap', 'shopt']);

/** Variables whose change alters what later commands run. */
export const RESOLUTION_VARIABLES: ReadonlySet<string> = new Set(['PATH', 'BASH_ENV', 'ENV', 'PROMPT_COMMAND', 'LD_PRELOAD', 'LD_LIBRARY_PATH', 'IFS', 'CDPATH', 'GIT_EXTERNAL_DIFF', 'GIT_PAGER', 'PAGER', 'EDITOR', 'GIT_SSH_COMMAND', 'GIT_ASKPASS']);

/** Redirect targets that are not files a command writes. */
export const HARMLESS_DEVICES: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

/** Flags of `sed` the analysis accepts. */
export const SED_FLAGS: ReadonlySet<string> = new Set(['n', 'E', 'r', 'e', 'i', 's', 'u', 'z']);
