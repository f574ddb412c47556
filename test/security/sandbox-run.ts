/**
 * Runs one command line in a bubblewrap sandbox over a workspace slot, under strace, and tells
 * what it did besides printing: which programs it tried to run, which sockets it opened, which
 * writes it attempted that failed or landed outside the observed directories, and how it left the
 * shell (variables, functions, aliases, options, traps, umask; not its directory).
 *
 * The sandbox: no network (`--unshare-net`), no capabilities, a new session, a clean environment
 * (PATH, HOME, TERM, LANG, PAGER=cat, LESSHISTFILE=-), /usr and /etc read-only, the slot's work, home, tmp and canary
 * directories writable (they are what the snapshot checks), trap programs on PATH.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SLOT_AREAS } from './sandbox-workspace.js';

/** What a sandboxed run did. */
export interface SandboxOutcome {
  /** Every program it tried to execute (paths as passed to execve, in order, unique). */
  execs: string[];
  /** Sockets other than glibc's lookups of the nscd socket: `socket AF_INET`, `connect AF_UNIX /x`. */
  sockets: string[];
  /** Writes that failed (`openat /etc/x O_WRONLY|O_CREAT: EROFS`) or landed outside the observed directories. */
  writeAttempts: string[];
  /** The shell's state after the command (variables but the directory's, functions, aliases, options, traps, umask), or undefined when the shell did not get that far (exit, exec, timeout). */
  shellState?: string[];
  exitCode: number | null;
  timedOut: boolean;
  /** The first 2,000 characters of its output (stdout and stderr). */
  output: string;
}

/** Options of {@link runSandboxed}. */
export interface SandboxRunOptions {
  /** The slot directory (its `work`, `home`, `tmp`, `canary` and `trace` subdirectories). */
  slot: string;
  /** The directory of trap programs, put last on PATH. */
  trap: string;
  command: string;
  /** Run on a pseudo-terminal (through util-linux `script`), typing `q` for pagers. */
  tty: boolean;
  timeoutMs: number;
}

const TRACED = 'execve,execveat,socket,connect,open,openat,creat,mkdir,mkdirat,unlink,unlinkat,rmdir,rename,renameat,renameat2,link,linkat,symlink,symlinkat,truncate,chmod,fchmodat,chown,fchownat,lchown,mknod,mknodat';
const STATE_DUMP = '{ declare -p; declare -f; alias -p; set +o; shopt -p; trap -p; umask; } > /trace/state 2>&1';
const BENIGN_UNIX_SOCKETS = new Set(['/var/run/nscd/socket', '/run/nscd/socket']);
const BENIGN_WRITES = [/^\/dev\/(null|tty|ptmx|pts\/\d+)$/, /^\/trace\//, /^\/proc\/self\/fd\//];
/**
 * Shell variables that change by themselves from one command to the next, and the directory
 * (`cd` is navigation: the terminal follows the shell's directory and the analysis is told it).
 */
const VOLATILE = new Set(['PWD', 'OLDPWD', 'DIRSTACK', 'BASH_EXECUTION_STRING', 'BASH_COMMAND', 'BASH_LINENO', 'BASH_SOURCE', 'BASH_ARGC', 'BASH_ARGV', 'BASHPID', 'EPOCHREALTIME', 'EPOCHSECONDS', 'LINENO', 'RANDOM', 'SRANDOM', 'SECONDS', 'PIPESTATUS', '_', 'FUNCNAME', 'BASH_SUBSHELL', 'COLUMNS', 'LINES']);

/** The bwrap argv for a slot. */
function bwrapArgs(slot: string, trap: string): string[] {
  const binds = Object.entries(SLOT_AREAS).flatMap(([area, inside]) => ['--bind', join(slot, area), inside]);
  return [
    '--unshare-all', '--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv',
    '--setenv', 'PATH', '/usr/bin:/bin:/trap', '--setenv', 'HOME', SLOT_AREAS.home, '--setenv', 'TERM', 'xterm', '--setenv', 'LANG', 'C.UTF-8',
    // As the terminal tool does, git's default pager is cat (a pager the command sets itself still
    // runs: core.pager, GIT_PAGER, PAGER); less keeps no history file in the home.
    '--setenv', 'PAGER', 'cat', '--setenv', 'LESSHISTFILE', '-',
    '--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/sbin', '/sbin',
    '--ro-bind', '/etc', '/etc', '--proc', '/proc', '--dev', '/dev',
    ...binds, '--bind', join(slot, 'trace'), '/trace', '--ro-bind', trap, '/trap', '--chdir', SLOT_AREAS.work,
  ];
}

/** Runs `command` in the sandbox and collects what it did. */
export async function runSandboxed(options: SandboxRunOptions): Promise<SandboxOutcome> {
  const traceDir = join(options.slot, 'trace');
  for (const name of existsSync(traceDir) ? readdirSync(traceDir) : []) rmSync(join(traceDir, name), { recursive: true, force: true });
  const traced = ['/usr/bin/strace', '-ff', '-qq', '--seccomp-bpf', '-s', '512', '-o', '/trace/t', '-e', `trace=${TRACED}`, '/usr/bin/bash', '-c', `${options.command}\n${STATE_DUMP}`];
  const inner = options.tty ? ['/usr/bin/script', '-qec', traced.map(shellQuote).join(' '), '/dev/null'] : traced;
  const { exitCode, timedOut, output } = await spawnBwrap([...bwrapArgs(options.slot, options.trap), ...inner], options);
  const events = readTrace(traceDir);
  const statePath = join(traceDir, 'state');
  return {
    ...analyseTrace(events),
    shellState: existsSync(statePath) ? normaliseState(readFileSync(statePath, 'utf8')) : undefined,
    exitCode,
    timedOut,
    output,
  };
}

function spawnBwrap(argv: string[], options: SandboxRunOptions): Promise<{ exitCode: number | null; timedOut: boolean; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bwrap', argv, { stdio: [options.tty ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer): void => {
      if (output.length < 2000) output += chunk.toString('utf8').slice(0, 2000 - output.length);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    let closeInput: NodeJS.Timeout | undefined;
    if (child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.write('q\n'); // a pager quits; a command reading the terminal gets one line, then end of input
      closeInput = setTimeout(() => child.stdin!.end(), 1500);
    }
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (closeInput) clearTimeout(closeInput);
      resolve({ exitCode: code, timedOut, output });
    });
  });
}

/** Every line of every per-process trace file (`t.<pid>`). */
function readTrace(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.startsWith('t.'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'));
}

/** Execs, sockets and write attempts in strace lines. */
export function analyseTrace(lines: readonly string[]): Pick<SandboxOutcome, 'execs' | 'sockets' | 'writeAttempts'> {
  const execs = new Set<string>();
  const sockets = new Set<string>();
  const writes = new Set<string>();
  for (const line of lines) {
    const exec = /^execve(?:at)?\((?:-?\d+|AT_FDCWD), "((?:[^"\\]|\\.)*)"|^execve\("((?:[^"\\]|\\.)*)"/.exec(line);
    if (exec) {
      execs.add(exec[1] ?? exec[2]!);
      continue;
    }
    const socket = /^socket\((AF_\w+)/.exec(line);
    if (socket) {
      if (socket[1] !== 'AF_UNIX') sockets.add(`socket ${socket[1]}`);
      continue;
    }
    const connect = /^connect\(\d+, \{sa_family=(AF_\w+)(?:, sun_path=@?"((?:[^"\\]|\\.)*)")?/.exec(line);
    if (connect) {
      if (connect[1] !== 'AF_UNIX' || !BENIGN_UNIX_SOCKETS.has(connect[2] ?? '')) sockets.add(`connect ${connect[1]} ${connect[2] ?? ''}`.trim());
      continue;
    }
    const write = writeAttempt(line);
    if (write) writes.add(write);
  }
  return { execs: [...execs], sockets: [...sockets], writeAttempts: [...writes] };
}

/** `openat /etc/x O_WRONLY|O_CREAT: EROFS` for a write that failed or landed outside the observed directories. */
function writeAttempt(line: string): string | undefined {
  const call = /^(\w+)\((.*)\) += (-?\d+)(?: (E\w+))?/.exec(line);
  if (!call) return undefined;
  const [, name, args, result, errno] = call;
  const paths = [...args!.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!);
  if (/^(open|openat)$/.test(name!)) {
    const flags = /O_[A-Z_|]+/.exec(args!)?.[0] ?? '';
    if (!/O_WRONLY|O_RDWR|O_CREAT|O_TRUNC|O_APPEND/.test(flags)) return undefined;
    return judgeWrite(name!, paths[0] ?? '', flags, Number(result), errno);
  }
  if (!/^(creat|mkdir|mkdirat|unlink|unlinkat|rmdir|rename|renameat|renameat2|link|linkat|symlink|symlinkat|truncate|chmod|fchmodat|chown|fchownat|lchown|mknod|mknodat)$/.test(name!)) return undefined;
  return judgeWrite(name!, paths.join(' -> '), '', Number(result), errno);
}

function judgeWrite(call: string, path: string, flags: string, result: number, errno: string | undefined): string | undefined {
  if (BENIGN_WRITES.some((re) => re.test(path))) return undefined;
  const describe = `${call} ${path}${flags ? ` ${flags}` : ''}`;
  if (result < 0) return `${describe}: ${errno ?? 'failed'}`;
  const observed = Object.values(SLOT_AREAS).some((dir) => path === dir || path.startsWith(`${dir}/`));
  return path.startsWith('/') && !observed ? describe : undefined; // relative paths land in the observed directories
}

/** The dump's lines, without the variables that change by themselves. */
function normaliseState(text: string): string[] {
  return text.split('\n').filter((line) => {
    const variable = /^declare -\S+ ([A-Za-z_][A-Za-z_0-9]*)/.exec(line);
    return line !== '' && !(variable && VOLATILE.has(variable[1]!));
  });
}

/** The state lines one dump has and the other lacks. */
export function shellStateChanges(before: readonly string[], after: readonly string[]): string[] {
  const had = new Set(before);
  const has = new Set(after);
  return [...after.filter((l) => !had.has(l)).map((l) => `+${l}`), ...before.filter((l) => !has.has(l)).map((l) => `-${l}`)];
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
