/**
 * The lists the bash safety analysis works from. They follow AgentScope's (`python-peers.md` §1),
 * with the changes that close its holes: `tee` is not a safe command (it writes files), `git
 * branch`/`tag`/`remote` are read-only only without arguments that change something.
 */

/** Commands read-only as a word prefix (`git status`, `docker ps`), whatever follows. */
export const READ_ONLY_PREFIXES: readonly string[] = [
  'ls', 'cat', 'head', 'tail', 'less', 'more', 'file', 'stat', 'wc', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'find', 'tree',
  'pwd', 'which', 'whereis', 'type', 'basename', 'dirname', 'realpath', 'readlink', 'du', 'df', 'whoami', 'id', 'uname',
  'cut', 'sort', 'diff', 'cmp', 'comm', 'nl', 'od', 'hexdump', 'md5sum', 'sha1sum', 'sha256sum', 'jq', 'env', 'printenv',
  'git status', 'git log', 'git diff', 'git show', 'git ls-files', 'git ls-tree', 'git cat-file', 'git rev-parse', 'git rev-list',
  'git describe', 'git shortlog', 'git blame', 'git grep', 'git reflog', 'git config --get', 'git config --list', 'git config -l', 'git config --get-all',
  'docker ps', 'docker images', 'docker inspect', 'docker logs', 'docker version', 'docker info',
  'gh repo view', 'gh issue list', 'gh issue view', 'gh pr list', 'gh pr view', 'gh status',
  'python --version', 'python -V', 'python3 --version', 'python3 -V', 'node --version', 'node -v', 'npm --version', 'npm -v', 'npm list', 'npm ls', 'pip list', 'pip show', 'pip3 list', 'pip3 show',
];

/** git subcommands read-only only when every further argument is one of the listed flags. */
export const GIT_LISTING_ONLY: Readonly<Record<string, readonly string[]>> = {
  branch: ['-a', '-r', '-v', '-vv', '-l', '--list', '--all', '--remotes', '--show-current', '--merged', '--no-merged', '--verbose', '--color', '--no-color'],
  tag: ['-l', '--list', '-n'],
  remote: ['-v', '--verbose', 'show', 'get-url'],
};

/** Commands safe as a base word whatever their arguments (unless they redirect to a file). */
export const SAFE_COMMANDS: ReadonlySet<string> = new Set(['echo', 'ls', 'pwd', 'cd', 'true', 'false', 'printf', 'grep', 'cat', ':']);

/** Arguments that make an otherwise read-only command write or run something. */
export const WRITING_FLAGS: Readonly<Record<string, readonly string[]>> = {
  find: ['-delete', '-exec', '-execdir', '-fls', '-fprint', '-fprint0', '-fprintf', '-ok', '-okdir'],
  sort: ['-o', '--output', '--compress-program'],
  tree: ['-o'],
  rg: ['--pre'],
  git: ['--output', '--ext-diff'],
  less: ['-o', '-O', '--log-file', '--LOG-FILE'],
  env: ['-S', '--split-string'],
};

/** Environment variables a read-only command may be given without becoming something else. */
export const SAFE_ASSIGNMENTS: ReadonlySet<string> = new Set(['LANG', 'LC_ALL', 'LC_CTYPE', 'LC_MESSAGES', 'TZ', 'NO_COLOR', 'FORCE_COLOR', 'TERM', 'COLUMNS', 'LINES', 'CLICOLOR']);

/**
 * Node types of tree-sitter-bash that the analysis cannot see through: what they run or expand to
 * is only known when bash runs them.
 */
export const INJECTION_NODE_TYPES: ReadonlySet<string> = new Set([
  'command_substitution', 'process_substitution', 'expansion', 'arithmetic_expansion', 'subshell', 'for_statement', 'c_style_for_statement',
  'while_statement', 'until_statement', 'if_statement', 'case_statement', 'function_definition', 'test_command', 'brace_expression',
]);

/** Commands whose non-flag arguments are paths they change. */
export const PATH_CHANGING_COMMANDS: ReadonlySet<string> = new Set([
  'rm', 'mv', 'cp', 'chmod', 'chown', 'chgrp', 'touch', 'ln', 'sed', 'mkdir', 'rmdir', 'tee', 'truncate', 'install', 'shred', 'unlink',
]);

/** Commands acceptEdits may auto-allow when every target is inside the working directories. */
export const FILESYSTEM_EDIT_COMMANDS: ReadonlySet<string> = new Set(['mkdir', 'touch', 'rm', 'rmdir', 'mv', 'cp', 'sed', 'tee']);

/** Commands that only run another command (the analysis looks at the command they run). */
export const WRAPPER_COMMANDS: ReadonlySet<string> = new Set([
  'sudo', 'doas', 'env', 'xargs', 'nohup', 'timeout', 'nice', 'ionice', 'stdbuf', 'command', 'builtin', 'exec', 'time', 'setsid', 'chroot',
]);

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
