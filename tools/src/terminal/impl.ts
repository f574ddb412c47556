import { join } from 'node:path';
import { ErrorCode } from '@toolwright/sdk';
import type { ConversationState, ToolContext, ToolExecutor } from '@toolwright/sdk';
import { truncateMiddle } from '../shared/truncate-middle.js';
import { cleanOutput } from './clean-output.js';
import { controlCharacterProblem } from './control-characters.js';
import type { TerminalAction, TerminalParams } from './declarations.js';
import { TerminalObservation } from './declarations.js';
import { keyBytes } from './keys.js';
import { literalHint, literalKind } from './literal-argument.js';
import { busySuffix, CONTINUED_PREFIX, hardTimeoutSuffix, idleSuffix, inputNotSentSuffix, multipleCommandsText, notRunSuffix, RESET_TEXT, restartedText } from './messages.js';
import { PtySession } from './pty-session.js';
import type { WaitOutcome } from './pty-session.js';
import { splitCommands } from './split-commands.js';
import { withGitSafety } from './git-safety-env.js';

/** Output longer than this is cut in the middle (the full text is saved to a file). */
export const MAX_OUTPUT_CHARS = 30_000;

/** Runs terminal actions in the conversation's persistent shell, one at a time. */
export class TerminalExecutor implements ToolExecutor<TerminalAction, TerminalObservation> {
  private session?: PtySession;
  private queue: Promise<unknown> = Promise.resolve();
  private continuing = false;
  /** True when the result being built said the shell exited (it may still be finishing its exit). */
  private exitReported = false;
  private closed = false;
  private cwd: string;
  private readonly params: Partial<TerminalParams>;

  constructor(private readonly state: ConversationState, params?: Partial<TerminalParams>) {
    this.params = params ?? {};
    this.cwd = this.params.workingDir ?? state.workingDir;
  }

  /** The session's current directory, as of the last command (the bash safety analysis resolves relative paths against it). */
  get currentDir(): string {
    return this.cwd;
  }

  /** The shell's pid (as this process sees it), once a session runs (for tests and diagnostics). */
  get shellPid(): number | undefined {
    return this.session?.shellPid;
  }

  /** True when the running session is in a PID namespace of its own; undefined before one runs. */
  get contained(): boolean | undefined {
    return this.session?.contained;
  }

  /** Runs one action after the previous one finished. */
  execute(action: TerminalAction, ctx?: ToolContext): Promise<TerminalObservation> {
    const run = this.queue.then(() => this.run(action, ctx));
    this.queue = run.catch(() => undefined);
    return run;
  }

  // No `interrupt()` hook: a call's timeout or cancellation aborts `ctx.signal`, which the running
  // command's wait observes and answers with one interrupt (C-c, then SIGKILL if ignored). A second
  // C-c from the hook reached the idle prompt and left a stray prompt for the next command to read.

  /** Ends the shell and every process it started. */
  async close(): Promise<void> {
    this.closed = true;
    const session = this.session;
    this.session = undefined;
    await session?.close();
  }

  /** Runs the action; a shell that exited meanwhile is replaced by a fresh one before the result goes back (which says so). */
  private async run(action: TerminalAction, ctx?: ToolContext): Promise<TerminalObservation> {
    this.exitReported = false;
    const observation = await this.runAction(action, ctx);
    if ((this.exitReported || this.session?.hasExited) && !this.closed) {
      await this.restart();
      await this.ensureSession();
    }
    return observation;
  }

  private async runAction(action: TerminalAction, ctx?: ToolContext): Promise<TerminalObservation> {
    const command = action.command;
    const trimmed = command.trim();
    // The action's validation refuses these before the policy sees the call; checked again here for callers that skip it.
    const control = controlCharacterProblem(command);
    if (control !== undefined) return this.failure(action, control);
    if (action.reset && action.isInput) {
      return this.failure(action, 'Cannot use reset=true with is_input=true: reset restarts the terminal, while is_input talks to the running program. Send them as separate calls.');
    }
    if (!action.isInput) {
      const kind = literalKind(command);
      if (kind) return this.failure(action, literalHint(command, kind));
    }
    let prefix = '';
    if (action.reset) {
      await this.restart();
      if (trimmed === '') return this.observe(action, RESET_TEXT, { exitCode: 0 });
      prefix = `${RESET_TEXT}\n\n`;
    }
    if (this.session?.hasExited) {
      // It exited after the last result (a background `exit`, a kill): say so, then start afresh.
      const gone = await this.session.wait({ hardMs: 0 });
      const output = cleanOutput(gone.output).trim();
      prefix += `${output === '' ? '' : `${output}\n`}${restartedText(gone.kind === 'exited' ? gone.exitCode : null, this.params.workingDir ?? this.state.workingDir)}\n\n`;
      this.continuing = false;
    }
    const session = await this.ensureSession();
    if (session.running && !action.isInput && trimmed !== '') {
      const peek = await session.wait({ hardMs: 0 });
      if (peek.kind === 'exited') return this.report(action, peek, { prefix, suffix: notRunSuffix(trimmed), isError: true });
      if (peek.kind !== 'done') return this.report(action, peek, { prefix, suffix: busySuffix(trimmed), isError: true });
    }
    if (!session.running) {
      if (trimmed === '') return this.failure(action, 'No previous running command to retrieve logs from.');
      if (action.isInput) return this.failure(action, 'No previous running command to interact with.');
      const commands = splitCommands(command);
      if (commands.length > 1) return this.failure(action, multipleCommandsText(commands));
      session.sendCommand(trimmed);
      this.continuing = false;
    } else if (action.isInput && trimmed !== '') {
      // Input for a program that has already ended would be read by no one, or by the next command: not sent then.
      const peek = await session.wait({ hardMs: 0 });
      if (peek.kind === 'done' || peek.kind === 'exited') return this.report(action, peek, { prefix, suffix: inputNotSentSuffix(), isError: true });
      session.write(keyBytes(trimmed) ?? `${command}\r`);
    }
    const hardSeconds = action.timeout !== undefined && action.timeout > 0 ? action.timeout : undefined;
    const idleSeconds = this.params.noChangeTimeoutSeconds ?? 30;
    const outcome = await session.wait({
      idleMs: hardSeconds === undefined ? idleSeconds * 1000 : undefined,
      hardMs: hardSeconds === undefined ? undefined : hardSeconds * 1000,
      signal: ctx?.signal,
    });
    if (outcome.kind === 'hard') {
      await session.interrupt();
      const after = await session.wait({ hardMs: 2_000 });
      const merged = after.kind === 'done' ? { ...after, output: outcome.output + after.output } : { ...outcome, output: outcome.output + after.output };
      return this.report(action, merged, { prefix, suffix: hardTimeoutSuffix(hardSeconds!), isError: true, timeout: true });
    }
    if (outcome.kind === 'aborted') await session.interrupt();
    return this.report(action, outcome, { prefix, suffix: outcome.kind === 'idle' ? idleSuffix(idleSeconds) : undefined });
  }

  private async ensureSession(): Promise<PtySession> {
    if (this.closed) throw new Error('the terminal was closed with its conversation');
    if (this.session && !this.session.hasExited) return this.session;
    await this.session?.close();
    const env = withGitSafety({ ...(process.env as Record<string, string>), PAGER: 'cat', GIT_PAGER: 'cat', TERM: 'xterm-256color', ...this.params.env });
    this.session = await PtySession.start({ shell: this.params.shell ?? 'bash', cwd: this.params.workingDir ?? this.state.workingDir, env, pidNamespace: this.params.pidNamespace });
    this.cwd = this.params.workingDir ?? this.state.workingDir;
    this.continuing = false;
    return this.session;
  }

  private async restart(): Promise<void> {
    const old = this.session;
    this.session = undefined;
    await old?.close();
  }

  private report(action: TerminalAction, outcome: WaitOutcome, options: { prefix: string; suffix?: string; isError?: boolean; timeout?: boolean }): TerminalObservation {
    let output = cleanOutput(outcome.output);
    const file = this.session?.commandFile;
    if (file !== undefined) output = output.split(`bash: ${file}: `).join('bash: ').split(`${file}: `).join('bash: '); // the shell names the file it sources in its errors
    // A program that turned the terminal's echo back on echoes input typed for it; a command is never typed, so never echoed.
    if (action.isInput && !this.continuing && output.startsWith(action.command.trim())) output = output.slice(action.command.trim().length);
    output = output.replace(/^\n+/, '').trimEnd(); // trimEnd, not /\s+$/: that regex is quadratic on a long run of spaces
    const lines: string[] = [];
    let exitCode = -1;
    if (outcome.kind === 'done') {
      this.cwd = outcome.cwd;
      exitCode = outcome.exitCode;
    }
    if (options.suffix) lines.push(options.suffix);
    if (outcome.kind === 'exited') {
      lines.push(restartedText(outcome.exitCode, this.params.workingDir ?? this.state.workingDir));
      this.exitReported = true;
      exitCode = outcome.exitCode ?? -1;
      this.cwd = this.params.workingDir ?? this.state.workingDir;
    }
    lines.push(`[Current working directory: ${this.cwd}]`);
    if (outcome.kind === 'done' || outcome.kind === 'exited') lines.push(`[Command finished with exit code ${exitCode}]`);
    const head = options.prefix + (this.continuing ? CONTINUED_PREFIX : '');
    const footer = lines.join('\n');
    const cut = truncateMiddle(output, {
      limit: Math.max(1_000, MAX_OUTPUT_CHARS - footer.length - head.length - 1),
      notice: '\n<response clipped><NOTE>The middle of the output was cut because it was too long.</NOTE>\n',
      saveDir: join(this.state.stateDir, 'terminal-outputs'),
      savePrefix: 'terminal',
    });
    this.continuing = outcome.kind === 'idle' || (outcome.kind !== 'done' && outcome.kind !== 'exited' && this.session?.running === true);
    const body = head + cut.text;
    const observation = TerminalObservation.fromText(body === '' ? footer : `${body}\n${footer}`, options.isError ? { isError: true, errorCode: options.timeout ? ErrorCode.TIMEOUT : ErrorCode.EXECUTION_FAILED } : {});
    return Object.assign(observation, { command: action.command, exitCode, timeout: options.timeout === true, workingDir: this.cwd, fullOutputPath: cut.savedPath });
  }

  private observe(action: TerminalAction, text: string, fields: { exitCode: number }): TerminalObservation {
    return Object.assign(TerminalObservation.fromText(text), { command: action.command, exitCode: fields.exitCode, timeout: false, workingDir: this.cwd });
  }

  private failure(action: TerminalAction, text: string): TerminalObservation {
    const observation = TerminalObservation.fromText(text, { isError: true, errorCode: ErrorCode.INVALID_ARGUMENTS });
    return Object.assign(observation, { command: action.command, exitCode: -1, timeout: false, workingDir: this.cwd });
  }
}
