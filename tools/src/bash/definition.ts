import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { TerminalTool } from '../terminal/definition.js';
import type { BashSafety } from '../bash_safety/bash-safety.js';
import { bashToolPermissions } from '../bash_safety/bash-tool-permissions.js';
import { TerminalSessions } from '../terminal/terminal-sessions.js';
import { hasUtilLinuxScript } from '../terminal/pty-session.js';
import { BashAction } from './bash-action.js';
import { BashExecutor } from './bash-executor.js';
import { BashObservation } from './bash-observation.js';
import { BashParams } from './bash-params.js';

/** What the model reads about `bash` (Claude Code's Bash: its parameters, its timeout in milliseconds). */
export const BASH_DESCRIPTION = [
  'Executes a bash command in a persistent shell session and returns its output.',
  '',
  '- The session persists between calls: the working directory, exported variables and shell functions stay.',
  '- One command per call; chain several with `&&` or `;` (commands on separate lines are refused, heredocs are fine).',
  '- `timeout` is in milliseconds: default 120000, max 600000. Past it the command is interrupted (C-c).',
  '- The command gets no input: a program that waits for input waits until the timeout.',
  '- `run_in_background` runs the command detached, with its output in a file whose path the result gives; read it with the `read` tool. No `&` needed.',
  '- Set `description` to a short description of what the command does (5-10 words), in active voice.',
  '- Output over 30,000 characters is cut in the middle; the full output is saved to a file whose path is given.',
  '- Prefer the read, write, edit, glob and grep tools over cat, sed, echo > file, find and grep commands.',
].join('\n');

/**
 * `bash`: Claude Code's Bash tool (`command`, `timeout` in milliseconds, `description`,
 * `run_in_background`) on the terminal's persistent session (with equal params the very same
 * session as `terminal`'s) and the same bash safety analysis of the command.
 */
@Tool({
  name: 'bash',
  description: BASH_DESCRIPTION,
  params: BashParams,
  annotations: { title: 'bash', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
})
export class BashTool extends ToolDefinition<BashAction, BashObservation> {
  /** False where util-linux `script` (the pseudo-terminal) is missing. */
  static isUsable(): boolean {
    return hasUtilLinuxScript();
  }

  /**
   * Builds the tool; the working directory and `script` are checked as for `terminal`. The session
   * is the terminal's for the same terminal params (the protected-path additions are not part of it).
   */
  static async create(convState: ConversationState, params: BashParams = new BashParams()): Promise<BashTool[]> {
    const { dangerousFiles, dangerousDirectories, ...terminalParams } = params;
    await TerminalTool.create(convState, terminalParams); // the same checks, the same errors
    const workingDir = convState.resolvePath(terminalParams.workingDir ?? convState.workingDir);
    const terminal = convState.getService(TerminalSessions).for({ ...terminalParams, workingDir });
    const executor = new BashExecutor(terminal, convState.stateDir);
    // Loaded by the first check, its module too: the permission engine awaits it (see bashToolPermissions).
    const safety = async (): Promise<BashSafety> => (await import('../bash_safety/bash-safety.js')).BashSafety.load({ additionalDangerousFiles: dangerousFiles, additionalDangerousDirectories: dangerousDirectories });
    return [
      new BashTool({
        // Every command, foreground or background, is the string the analysis sees.
        permissions: bashToolPermissions<BashAction>(safety, { commandOf: (action) => action.command, cwd: () => executor.currentDir }),
        actionType: BashAction,
        observationType: BashObservation,
        executor,
        resources: () => ['terminal:session'],
      }),
    ];
  }
}
