import type { ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { OutputBuffer } from './output-buffer.js';
import { pidNamespacePrefix } from './pid-namespace.js';
import { descendantsOf, foregroundGroupOf, isAlive, killAndWait, killSession, processesWithEnv, sessionLeaderAmong, sessionOf, signalAll } from './session-processes.js';

/** Options of {@link PtySession.start}. */
export interface PtySessionOptions {
  /** The shell (bash-compatible), a name on PATH or a path. */
  shell: string;
  /** The starting directory. */
  cwd: string;
  /** The environment (already merged with the process's). */
  env: Record<string, string>;
  /** How long the shell may take to show its first prompt. */
  startTimeoutMs?: number;
  /** Run the shell in a PID namespace of its own where the system allows it (default true). */
  pidNamespace?: boolean;
}

/** The environment variable that marks every process started from a session (the value is the session's nonce). */
export const SESSION_MARKER_VARIABLE = 'TOOLWRIGHT_TERMINAL_SESSION';

/** How a wait for the prompt ended. */
export type WaitOutcome =
  | { kind: 'done'; output: string; exitCode: number; cwd: string }
  | { kind: 'idle' | 'hard' | 'aborted'; output: string }
  | { kind: 'exited'; output: string; exitCode: number | null };

/** Options of {@link PtySession.wait}. */
export interface WaitOptions {
  /** Return after this long without new output. */
  idleMs?: number;
  /** Return after this long in any case. */
  hardMs?: number;
  signal?: AbortSignal;
}

/** How often a wait looks whether the shell process is still there (it may exit without a prompt). */
const LIVENESS_POLL_MS = 100;

/** How long to wait for `script` to end (and report the shell's exit code) once the shell is gone. */
const EXIT_GRACE_MS = 300;

let scriptChecked: boolean | undefined;

/** The largest `script` file {@link hasUtilLinuxScript} reads. */
const MAX_SCRIPT_BYTES = 4 * 1024 * 1024;

/** The `script` a spawn of it runs (the first executable one on PATH), if any. */
function scriptOnPath(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const file = join(dir, 'script');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * True when util-linux `script` (which gives the shell a real pseudo-terminal) is installed.
 * util-linux's binary holds the package's name and version (what its `--version` prints), so
 * finding `util-linux <digit>` in the file on PATH answers without a process; otherwise
 * `script --version` is asked. The check runs in every process that lists the default toolset
 * (`serve` at start, the terminal's `isUsable`), where a synchronous spawn would be most of its cost.
 */
export function hasUtilLinuxScript(): boolean {
  if (scriptChecked === undefined) {
    const file = scriptOnPath();
    let named = false;
    try {
      // util-linux's is ~70 KiB; anything far larger is asked, not read.
      named = file !== undefined && statSync(file).size <= MAX_SCRIPT_BYTES && /util-linux \d/.test(readFileSync(file, 'latin1'));
    } catch {
      named = false;
    }
    if (named) scriptChecked = true;
    else {
      const result = process.getBuiltinModule('node:child_process').spawnSync('script', ['--version'], { encoding: 'utf8' });
      scriptChecked = result.status === 0 && /util-linux/.test(result.stdout ?? '');
    }
  }
  return scriptChecked;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * One interactive shell in a pseudo-terminal, run through util-linux `script` (so C-c, C-z and
 * `read` prompts behave as in a real terminal). The shell does not read its commands from the
 * terminal: its standard input is a private channel (a socket only this process writes, fd 3 of
 * `script`), on which each command arrives as the fixed line `. '<file>' </dev/tty` (the command
 * itself written to that file; same shell, so `cd`, variables and functions persist). The sourced
 * command reads the terminal, so programs get their input, keys and signals from it as usual. So
 * the terminal's line editing (Ctrl-U, DEL, Ctrl-W, Ctrl-V…) and bash's history expansion cannot
 * change a command, and nothing typed into the terminal (input for a program that has ended) can
 * ever run as one. The prompt is a marker carrying the exit code and working directory, which is
 * how the end of a command is found; an EXIT trap marks the shell's end, and a shell that ends
 * without it (`exec`, a signal) is found by its pid.
 */
export class PtySession {
  private readonly decoder = new StringDecoder('utf8');
  /** Unread output, bounded (beyond 6 M characters the middle is dropped, and the text says so). */
  private readonly buffer = new OutputBuffer();
  private exited = false;
  /** True once `script`'s output streams are closed (all its output was read). */
  private drained = false;
  private exitCode: number | null = null;
  private readonly marker: RegExp;
  private readonly exitMarker: RegExp;
  private wake?: () => void;
  private lastOutputAt = Date.now();
  private scratch?: string;
  /** The shell's pid (its session id too). */
  shellPid = -1;
  private sid = -1;
  /** True from a command's start until its prompt came back. */
  running = false;
  /** True when the shell runs in a PID namespace of its own. */
  readonly contained: boolean;

  private constructor(
    private readonly child: ChildProcess,
    private readonly nonce: string,
    contained: boolean,
  ) {
    this.contained = contained;
    this.marker = new RegExp(`\\r?\\n?__TW${nonce}_(\\d+)_(.*?)_TW${nonce}__\\r?\\n`);
    this.exitMarker = new RegExp(`\\r?\\n?__TWX${nonce}_(\\d+)_TWX${nonce}__\\r?\\n`);
    this.terminal = child.stdin!;
    this.commands = child.stdio[3] as Writable;
    (child.stdout as Readable).on('data', (chunk: Buffer) => this.onOutput(this.decoder.write(chunk)));
    (child.stderr as Readable).on('data', (chunk: Buffer) => this.onOutput(chunk.toString('utf8')));
    child.on('exit', (code) => {
      this.exited = true;
      this.exitCode = code;
      this.wake?.();
    });
    child.on('close', () => {
      this.drained = true;
      this.wake?.();
    });
    this.terminal.on('error', () => undefined);
    this.commands.on('error', () => undefined);
  }

  /** Starts the shell and waits for its first prompt. */
  static async start(options: PtySessionOptions): Promise<PtySession> {
    const nonce = randomBytes(6).toString('hex');
    const bash = /bash$/.test(basename(options.shell));
    // The shell's standard input is fd 3, the command channel; the terminal stays its stdout and stderr.
    const shellCommand = `exec ${quote(options.shell)} ${bash ? '--noprofile --norc --noediting ' : ''}-i 0<&3 3<&-`;
    const prefix = options.pidNamespace === false ? undefined : pidNamespacePrefix();
    const script = ['script', '--quiet', '--return', '--echo', 'never', '--command', shellCommand, '/dev/null'];
    const argv = [...(prefix ?? []), ...script];
    const child = process.getBuiltinModule('node:child_process').spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      // `script` runs --command with $SHELL; the command execs the real shell. The marker is inherited
      // by everything the shell starts, so close() can find processes that left its session.
      env: { ...options.env, SHELL: '/bin/sh', [SESSION_MARKER_VARIABLE]: nonce },
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    const session = new PtySession(child, nonce, prefix !== undefined);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    // No echo, LF line ends, a wide screen; the prompt is the marker; PS2 empty so heredocs stay
    // clean; no history file. Before each prompt, lines left unread in the terminal (input meant for
    // a program that had already ended) are thrown away, so they do not become the next command's
    // input (each read has a timeout: a program may have left the terminal non-canonical, with a
    // partial line); the exit status survives for the prompt. The EXIT trap prints the exit marker
    // with the shell's exit code.
    const ps1 = `\\n__TW${nonce}_\${?}_\${PWD}_TW${nonce}__\\n`;
    const flush = '__tw_flush() { local s=$?; while read -r -t 0 </dev/tty 2>/dev/null; do read -r -t 0.05 _ </dev/tty || break; done; return $s; }';
    const trap = `trap 'printf "\\n__TWX${nonce}_%s_TWX${nonce}__\\n" "$?"' EXIT`;
    session.sendLine(`stty -echo -onlcr cols 256 rows 200 </dev/tty 2>/dev/null; unset HISTFILE; PS2=''; ${flush}; PROMPT_COMMAND=__tw_flush; ${trap}; PS1='${ps1}'; echo "__TWPID$$"\n`);
    const first = await session.wait({ hardMs: options.startTimeoutMs ?? 10_000 });
    const pid = /__TWPID(\d+)/.exec(first.output);
    if (first.kind !== 'done' || !pid) {
      await session.close();
      throw new Error(`the shell '${options.shell}' did not start (${first.kind}): ${first.output.slice(-500)}`);
    }
    // In a PID namespace, $$ is the namespace's pid: the host pid is the session leader below `script`.
    session.shellPid = sessionLeaderAmong(descendantsOf(child.pid ?? -1)) ?? Number(pid[1]);
    session.sid = sessionOf(session.shellPid) ?? session.shellPid;
    session.running = false;
    return session;
  }

  /** True once the shell process is gone (`script` may outlive it while a background job holds the terminal). */
  get hasExited(): boolean {
    return this.exited || (this.shellPid > 0 && !isAlive(this.shellPid));
  }

  /** The file commands are sourced from (its path appears in the shell's error messages), once one was sent. */
  get commandFile(): string | undefined {
    return this.scratch === undefined ? undefined : join(this.scratch, 'command.sh');
  }

  /** The terminal's input (keys, text for a running program). */
  private readonly terminal: Writable;
  /** The shell's standard input: the command channel. */
  private readonly commands: Writable;

  /** Sends raw bytes to the terminal (keys, or text for a running program); the shell never reads them as a command. */
  write(data: string): void {
    if (!this.exited) this.terminal.write(data);
  }

  /** Sends a line to the shell on its command channel. */
  private sendLine(line: string): void {
    if (!this.exited) this.commands.write(line);
  }

  /**
   * Runs a command: writes it to the session's command file (0600, in a 0700 directory) and sends
   * `. '<file>' </dev/tty` on the command channel, so the shell runs exactly these bytes, with the
   * terminal as their input. bash reads a sourced file whole before it runs it, so the next command
   * may overwrite the file.
   */
  sendCommand(command: string): void {
    this.running = true;
    this.lastOutputAt = Date.now();
    this.scratch ??= mkdtempSync(join(tmpdir(), 'toolwright-terminal-'));
    const file = join(this.scratch, 'command.sh');
    writeFileSync(file, `${command}\n`, { mode: 0o600 });
    this.sendLine(`. ${quote(file)} </dev/tty\n`);
  }

  /** Interrupts the foreground program: C-c, then SIGKILL to its process group if it ignores that. */
  async interrupt(graceMs = 2_000): Promise<void> {
    this.write('\x03');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline && this.running && !this.buffer.find(this.marker) && !this.exited) await new Promise((r) => setTimeout(r, 20));
    if (this.exited || this.buffer.find(this.marker)) return;
    const group = foregroundGroupOf(this.shellPid);
    if (group !== undefined && group !== this.shellPid) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  }

  /**
   * Waits for the prompt (the command finished), for `idleMs` without output, for `hardMs`, for the
   * signal, or for the shell to exit, and returns the output that arrived since the last wait.
   */
  async wait(options: WaitOptions): Promise<WaitOutcome> {
    const started = Date.now();
    for (;;) {
      const done = this.buffer.find(this.marker);
      if (done) {
        const output = this.buffer.take(done.start, done.end);
        this.running = false;
        return { kind: 'done', output, exitCode: Number(done.match[1]), cwd: done.match[2]! };
      }
      const ended = this.exitOutcome();
      if (ended) return ended;
      if (this.hasExited) return this.shellGone();
      if (options.signal?.aborted) return { kind: 'aborted', output: this.buffer.take() };
      const now = Date.now();
      const idleLeft = options.idleMs === undefined ? Infinity : Math.max(this.lastOutputAt, started) + options.idleMs - now;
      const hardLeft = options.hardMs === undefined ? Infinity : started + options.hardMs - now;
      if (hardLeft <= 0) return { kind: 'hard', output: this.buffer.take() };
      if (idleLeft <= 0) return { kind: 'idle', output: this.buffer.take() };
      await this.sleep(Math.min(idleLeft, hardLeft, LIVENESS_POLL_MS), options.signal);
    }
  }

  /** The outcome when the EXIT trap's marker has arrived (the shell's own exit code), else undefined. */
  private exitOutcome(): WaitOutcome | undefined {
    const ended = this.buffer.find(this.exitMarker);
    if (!ended) return undefined;
    const output = this.buffer.take(ended.start, ended.end);
    this.running = false;
    return { kind: 'exited', output, exitCode: Number(ended.match[1]) };
  }

  /**
   * The shell is gone: waits briefly for the rest of its output (the EXIT trap's marker, with the
   * exit code) or for `script` to end and report the code (`exec`, a signal skip the trap). `script`
   * may outlive the shell while a background job holds the terminal open; the caller closes it.
   */
  private async shellGone(): Promise<WaitOutcome> {
    const deadline = Date.now() + EXIT_GRACE_MS;
    while (!this.drained && !this.buffer.find(this.exitMarker) && Date.now() < deadline) await this.sleep(20);
    const ended = this.exitOutcome();
    if (ended) return ended;
    this.running = false;
    return { kind: 'exited', output: this.buffer.take(), exitCode: this.exited ? this.exitCode : null };
  }

  /**
   * Ends the shell and every process started from it, and removes the scratch directory: the
   * session gets SIGHUP (then SIGKILL), the PID namespace (if any) ends with its first process,
   * and whatever still carries the session's marker variable (left the session with `setsid`,
   * where no namespace could be had) is killed too.
   */
  async close(): Promise<void> {
    const inNamespace = this.contained ? descendantsOf(this.child.pid ?? -1) : [];
    if (this.sid > 0) await killSession(this.sid);
    if (!this.exited) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      signalAll([this.child.pid ?? -1], 'SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 1_000))]);
    }
    if (this.sid > 0 && isAlive(this.shellPid)) signalAll([this.shellPid], 'SIGKILL');
    await killAndWait([...inNamespace, ...processesWithEnv(`${SESSION_MARKER_VARIABLE}=${this.nonce}`)]);
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.terminal.destroy();
    this.commands.destroy();
    if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
  }

  /** Output dropped from memory because it exceeded the buffer (characters). */
  get droppedChars(): number {
    return this.buffer.dropped;
  }

  private onOutput(text: string): void {
    if (text === '') return;
    this.buffer.append(text);
    this.lastOutputAt = Date.now();
    this.wake?.();
  }

  private sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, Math.min(ms, 2 ** 31 - 1)));
      this.wake = done;
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
