import { existsSync, statSync } from 'node:fs';
import { ErrorCode, Tool, ToolDefinition, ToolwrightError } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import type { BashSafety } from '../bash_safety/bash-safety.js';
import { TerminalSessions } from './terminal-sessions.js';
import type { TerminalExecutor } from './impl.js';
import { hasUtilLinuxScript } from './pty-session.js';
import { terminalPermissions } from './terminal-permissions.js';
import { TerminalParams, TerminalAction, TerminalObservation, TERMINAL_DESCRIPTION } from './declarations.js';

/** `terminal`: one persistent shell per conversation. */
@Tool({
  name: 'terminal',
  description: TERMINAL_DESCRIPTION,
  params: TerminalParams,
  annotations: { title: 'terminal', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
})
export class TerminalTool extends ToolDefinition<TerminalAction, TerminalObservation> {
  /** False where util-linux `script` (the pseudo-terminal) is missing. */
  static isUsable(): boolean {
    return hasUtilLinuxScript();
  }

  /** Builds the tool; a working directory that does not exist, or a missing `script`, fails here. */
  static async create(convState: ConversationState, params: TerminalParams = new TerminalParams()): Promise<TerminalTool[]> {
    const workingDir = convState.resolvePath(params.workingDir ?? convState.workingDir);
    if (!existsSync(workingDir) || !statSync(workingDir).isDirectory()) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_PARAMS,
        message: `terminal: the working directory '${workingDir}' does not exist or is not a directory. Create it first, or give an existing directory as params.workingDir.`,
        details: { name: 'terminal', workingDir },
      });
    }
    if (!hasUtilLinuxScript()) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_PARAMS,
        message: "terminal: util-linux 'script' is not installed; it gives the shell its pseudo-terminal. Install util-linux (Debian: bsdutils).",
        details: { name: 'terminal' },
      });
    }
    // The session (the conversation's TerminalSessions service) is taken by the first call or check: listing builds none.
    const sessions = convState.lazyService(TerminalSessions);
    // BUILTINS: permissions from the bash safety analysis, loaded by the first check (the engine awaits it);
    // its module too, so that listing the tool (a cold `serve`) loads none of it.
    const safety = async (): Promise<BashSafety> => (await import('../bash_safety/bash-safety.js')).BashSafety.load();
    const tool: TerminalTool = new TerminalTool({
      permissions: terminalPermissions(safety, () => (tool.executor as TerminalExecutor).currentDir),
      actionType: TerminalAction,
      observationType: TerminalObservation,
      lazyExecutor: () => sessions().for({ ...params, workingDir }),
      resources: () => ['terminal:session'],
    });
    return [tool];
  }
}
