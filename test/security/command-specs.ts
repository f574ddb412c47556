/**
 * The commands the read-only sandbox test drives: where each documents its flags, the operand
 * shapes it is called with (a file, `-`, a glob, `--`, a directory, a symlink, and shapes that
 * change something, such as `git branch NAME`), and how flags and operands make a command line.
 */

/** A command that prints (part of) a command's documentation. */
export interface HelpSource {
  /** The argv to run: `['sort', '--help']`, `['man', 'git-log']`. */
  argv: readonly string[];
  /** Definition lines are indented at most this much (man pages: 7). */
  maxIndent?: number;
}

/** One command (or git subcommand) under test. */
export interface CommandSpec {
  /** `sort`, `git log`: the key of its flags in the flag table. */
  name: string;
  /** Where its flags are documented; their flags are merged. */
  help: readonly HelpSource[];
  /** What follows the flags, one shape per generated command (rotating); `''` is no operand. */
  operands: readonly string[];
  /** Flags are single-dash words with separate values (`find -maxdepth 1`). */
  findStyle?: boolean;
  /** Builds the line; default `name flags operand`. */
  build?: (flags: string, operand: string) => string;
  /** Runs on a terminal (git's pager and less/more only show what they do on one). */
  tty?: boolean;
}

const help = (...argv: string[]): HelpSource => ({ argv });
const man = (page: string): HelpSource => ({ argv: ['man', page], maxIndent: 7 });
const builtin = (name: string): HelpSource => ({ argv: ['bash', '-c', `help ${name}`] });

const FILES = ['README.md', '-', '*.md', '-- README.md', 'src', 'link', 'src/*.js', 'README.md notes.txt', ''];
const PATTERN_FILES = ['hello README.md', '-- hello README.md', 'hello *.md src', 'hello -', 'hello link', 'hello'];
const PATHS = ['README.md', 'src/main.js', 'link', '-- README.md', '*.md', 'dirlink/main.js'];
const TWO_FILES = ['README.md notes.txt', '- README.md', 'src dirlink', '-- README.md link'];

const simple = (name: string, operands: readonly string[]): CommandSpec => ({ name, help: [help(name, '--help')], operands });

const git = (sub: string, operands: readonly string[]): CommandSpec => ({
  name: `git ${sub}`,
  help: [help('git', sub, '-h'), man(`git-${sub}`)],
  operands,
  tty: true,
});

/** Every command under test, in a fixed order (the generator's order, and so the sample's). */
export const COMMAND_SPECS: readonly CommandSpec[] = [
  simple('ls', ['', 'src', '*.md', '-- README.md', 'link', 'dirlink', '.git']),
  ...['cat', 'head', 'tail', 'wc', 'nl', 'od', 'hexdump', 'md5sum', 'sha256sum', 'file', 'stat', 'cut', 'sort'].map((name) => simple(name, FILES)),
  simple('grep', PATTERN_FILES),
  simple('egrep', PATTERN_FILES),
  simple('rg', ['hello', 'hello README.md', '-- hello src', 'hello -', 'hello *.md']),
  { name: 'find', help: [help('find', '--help')], operands: ['.', 'src', 'link', 'dirlink', '*.md'], findStyle: true, build: (flags, operand) => `find ${operand} ${flags}`.trim() },
  simple('tree', ['', 'src', '.', 'dirlink']),
  { name: 'pwd', help: [builtin('pwd')], operands: [''] },
  simple('which', ['ls', 'git sh', '-- ls']),
  ...['basename', 'dirname', 'realpath', 'readlink'].map((name) => simple(name, PATHS)),
  simple('du', ['', '.', 'src', '*.md', '-- README.md']),
  simple('df', ['', '.', '-- README.md']),
  simple('whoami', ['']),
  simple('id', ['', 'root']),
  simple('uname', ['']),
  ...['diff', 'cmp', 'comm'].map((name) => simple(name, TWO_FILES)),
  simple('jq', ['. data.json', '.name data.json', '-- . data.json', '.']),
  simple('printenv', ['', 'PATH', 'HOME']),
  { name: 'echo', help: [builtin('echo')], operands: ['hello', '-- hello', '*.md', ''] },
  { name: 'printf', help: [builtin('printf')], operands: ["'%s\\n' hello", 'hello', '-- hello'] },
  { name: 'test', help: [builtin('test')], operands: ['README.md', 'src', 'README.md -nt notes.txt', 'x'] },
  simple('env', ['', 'ls', 'cat README.md', 'printenv PATH', 'FOO=1 ls']),
  { name: 'xargs', help: [help('xargs', '--help')], operands: ['', 'cat', 'ls -l', 'wc -l', 'grep hello'], build: (flags, operand) => `printf 'README.md\\n' | xargs ${flags} ${operand}`.trim() },
  { name: 'less', help: [help('less', '--help')], operands: ['README.md', 'link', '-- README.md', ''], tty: true },
  { name: 'more', help: [help('more', '--help')], operands: ['README.md', 'link', '-- README.md'], tty: true },
  { name: 'git', help: [help('git', '-h'), man('git')], operands: ['status', 'log -1', 'diff', 'show HEAD', 'branch', 'rev-parse HEAD'], tty: true },
  git('status', ['', '--', '-- src', '.']),
  git('log', ['', 'HEAD', 'HEAD~1..HEAD', '-- README.md', '-1', 'feature']),
  git('diff', ['', 'HEAD', 'HEAD~1 HEAD', '-- README.md', '--cached', 'feature']),
  git('show', ['', 'HEAD', 'HEAD:README.md', 'v1', 'HEAD~1']),
  git('ls-files', ['', 'src', '-- *.md']),
  git('ls-tree', ['HEAD', 'HEAD src', '-r HEAD']),
  git('cat-file', ['-p HEAD', 'blob HEAD:README.md', '-t HEAD', 'HEAD']),
  git('rev-parse', ['HEAD', '--show-toplevel', 'HEAD~1', '--', '']),
  git('blame', ['README.md', '-- README.md', 'HEAD -- notes.txt']),
  git('grep', ['hello', 'hello -- src', '-e hello HEAD']),
  git('branch', ['', 'newbranch', '-- newbranch', 'feature']),
  git('tag', ['', 'v2', 'v1']),
  git('remote', ['', 'show origin', 'get-url origin', 'add up /tmp/x', 'update']),
  git('config', ['--list', '--get user.name', 'user.name', 'user.name someone', '--get-regexp core']),
];

/**
 * Programs allowed to run when a command line names them: the commands under test, the wrappers
 * whose wrapped command is analysed, and bash itself.
 */
export const LISTED_PROGRAMS: ReadonlySet<string> = new Set([
  ...COMMAND_SPECS.map((spec) => spec.name.split(' ')[0]!),
  ...['bash', 'sh', 'timeout', 'nice', 'nohup', 'stdbuf', 'command', 'time', 'fgrep', '['],
]);

/** Programs a listed program runs by itself: git's pager (`pager` is Debian's name for less), xargs' default echo. */
export const HELPERS: Readonly<Record<string, readonly string[]>> = {
  git: ['pager', 'less'],
  egrep: ['grep'],
  fgrep: ['grep'],
  xargs: ['echo'],
};
