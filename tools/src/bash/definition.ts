import { Tool, ToolDefinition } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { TERMINAL_DESCRIPTION, TerminalAction, TerminalObservation } from '../terminal/declarations.js';
import { TerminalTool } from '../terminal/definition.js';
import { BashSafety } from '../bash_safety/bash-safety.js';
import { TerminalSessions } from '../terminal/terminal-sessions.js';
import { hasUtilLinuxScript } from '../terminal/pty-session.js';
import { terminalPermissions } from '../terminal/terminal-permissions.js';
import { BashParams } from './bash-params.js';

/** What the model reads about `bash` (the terminal's description: the same tool under the name Claude-style agents expect). */
export const BASH_DESCRIPTION = TERMINAL_DESCRIPTION;

/**
 * `bash`: the terminal under the name Claude-style agents expect. Same parameters, same persistent
 * session (with equal params it is the very same session as `terminal`'s), same safety analysis.
 */
@Tool({
  name: 'bash',
  description: BASH_DESCRIPTION,
  params: BashParams,
  annotations: { title: 'bash', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
})
export class BashTool extends ToolDefinition<TerminalAction, TerminalObservation> {
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
    const executor = convState.getService(TerminalSessions).for({ ...terminalParams, workingDir });
    const safety = await BashSafety.load({ additionalDangerousFiles: dangerousFiles, additionalDangerousDirectories: dangerousDirectories });
    return [
      new BashTool({
        permissions: terminalPermissions(safety, () => executor.currentDir),
        actionType: TerminalAction,
        observationType: TerminalObservation,
        executor,
        resources: () => ['terminal:session'],
      }),
    ];
  }
}
