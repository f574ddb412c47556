import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '@toolwright/sdk';
import type { ToolContext, ToolExecutor } from '@toolwright/sdk';
import { controlCharacterProblem } from '../terminal/control-characters.js';
import { TerminalAction } from '../terminal/declarations.js';
import type { TerminalObservation } from '../terminal/declarations.js';
import type { TerminalExecutor } from '../terminal/impl.js';
import { literalHint, literalKind } from '../terminal/literal-argument.js';
import { multipleCommandsText } from '../terminal/messages.js';
import { splitCommands } from '../terminal/split-commands.js';
import { BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS } from './bash-action.js';
import type { BashAction } from './bash-action.js';
import { BashObservation } from './bash-observation.js';

/** Seconds the session may take to start a background command (it only forks and returns). */
const LAUNCH_TIMEOUT_SECONDS = 10;

/** A path as one single-quoted shell word. */
function quoted(path: string): string {
  return `'${path.split("'").join("'\\''")}'`;
}

/**
 * Runs `bash` actions (Claude Code's parameters) in the terminal's persistent session: `timeout`
 * milliseconds become the terminal's hard time limit in seconds (default 120000 ms = 120 s);
 * `description` is not sent anywhere; `run_in_background` starts the command from the session,
 * detached, with its output in a file under the conversation's state directory.
 */
export class BashExecutor implements ToolExecutor<BashAction, BashObservation> {
  private nextId = 1;

  /**
   * @param terminal The session shared with `terminal` (owned by `TerminalSessions`, which closes it; this executor has no `close`).
   * @param stateDir The conversation's state directory; background output goes to `<stateDir>/bash-background/`.
   */
  constructor(
    private readonly terminal: TerminalExecutor,
    private readonly stateDir: string,
  ) {}

  /** The session's current directory (the bash safety analysis resolves relative paths against it). */
  get currentDir(): string {
    return this.terminal.currentDir;
  }

  /** Runs the command in the foreground (up to its timeout) or starts it in the background. */
  async execute(action: BashAction, ctx?: ToolContext): Promise<BashObservation> {
    const timeout = action.timeout ?? BASH_DEFAULT_TIMEOUT_MS;
    // The action's validation refuses these; checked again for callers that skip it.
    if (!(typeof timeout === 'number' && timeout > 0 && timeout <= BASH_MAX_TIMEOUT_MS)) {
      return this.failure(action, `timeout is in milliseconds and must be a positive number at most ${BASH_MAX_TIMEOUT_MS} (10 minutes); got ${String(action.timeout)}.`);
    }
    if (action.runInBackground === true) return this.background(action, ctx);
    const observation = await this.terminal.execute(this.terminalAction(action.command, timeout / 1000), ctx);
    return this.fromTerminal(observation, action.command);
  }

  /** Starts the command from the session in a process group of its own, output and exit code to a file; returns at once. */
  private async background(action: BashAction, ctx?: ToolContext): Promise<BashObservation> {
    const command = action.command;
    const problem = this.backgroundProblem(command);
    if (problem !== undefined) return this.failure(action, problem);
    const dir = join(this.stateDir, 'bash-background');
    mkdirSync(dir, { recursive: true });
    const id = this.freshId(dir);
    const script = join(dir, `${id}.sh`);
    const outputPath = join(dir, `${id}.log`);
    writeFileSync(script, `${command}\n`, { mode: 0o600 });
    writeFileSync(outputPath, '', { mode: 0o600 });
    // Started by the interactive shell itself, as a job of its own (its own process group, so
    // `kill -- -PID` ends all of it), then disowned so that no "Done" notice lands in a later
    // command's output. Not double-forked: an orphan would be reaped by `script` (the PID
    // namespace's init), which then stops relaying the terminal. Sourcing in a subshell keeps the
    // session's functions and variables and leaves the session's state alone; the exit code is the file's last line.
    const launch =
      `( ( . ${quoted(script)} ); printf '\\n[Command finished with exit code %d]\\n' "$?" ) > ${quoted(outputPath)} 2>&1 < /dev/null & ` +
      `disown $!; printf 'background pid %d\\n' "$!"`;
    const started = await this.terminal.execute(this.terminalAction(launch, LAUNCH_TIMEOUT_SECONDS), ctx);
    const pid = /background pid (\d+)/.exec(started.text)?.[1];
    if (started.isError || pid === undefined) {
      const failed = this.fromTerminal(started, command);
      return Object.assign(failed, { isError: true, errorCode: failed.errorCode ?? ErrorCode.EXECUTION_FAILED });
    }
    const text = [
      `Command running in the background with ID: ${id} (process group ${pid}).`,
      `Output is being written to: ${outputPath}`,
      `Read that file with the read tool; when the command ends, its last line is "[Command finished with exit code N]". ` +
        `No notification comes when it ends, and this preset has no BashOutput or KillShell tool: stop it with the bash command \`kill -- -${pid}\`.`,
    ].join('\n');
    return BashObservation.of({
      content: [{ type: 'text', text }],
      command,
      exitCode: -1,
      timeout: false,
      workingDir: this.terminal.currentDir,
      backgroundTaskId: id,
      outputPath,
    });
  }

  /** The refusals the terminal applies to a command, applied to one that it will only source from a file. */
  private backgroundProblem(command: string): string | undefined {
    const control = controlCharacterProblem(command);
    if (control !== undefined) return control;
    if (command.trim() === '') return 'run_in_background needs a command to run; `command` is empty.';
    const kind = literalKind(command);
    if (kind !== undefined) return literalHint(command, kind);
    const commands = splitCommands(command);
    if (commands.length > 1) return multipleCommandsText(commands);
    return undefined;
  }

  private freshId(dir: string): string {
    for (;;) {
      const id = `bash_${this.nextId++}`;
      if (!existsSync(join(dir, `${id}.log`))) return id;
    }
  }

  private terminalAction(command: string, timeoutSeconds: number): TerminalAction {
    return Object.assign(new TerminalAction(), { command, isInput: false, reset: false, timeout: timeoutSeconds });
  }

  /** The terminal's result as `bash`'s, naming the command the model sent. */
  private fromTerminal(observation: TerminalObservation, command: string): BashObservation {
    return BashObservation.of({
      content: observation.content,
      isError: observation.isError,
      errorCode: observation.errorCode,
      command,
      exitCode: observation.exitCode,
      timeout: observation.timeout,
      workingDir: observation.workingDir,
      fullOutputPath: observation.fullOutputPath,
    });
  }

  private failure(action: BashAction, text: string): BashObservation {
    const observation = BashObservation.fromText(text, { isError: true, errorCode: ErrorCode.INVALID_ARGUMENTS });
    return Object.assign(observation, { command: action.command, exitCode: -1, timeout: false, workingDir: this.terminal.currentDir });
  }
}
