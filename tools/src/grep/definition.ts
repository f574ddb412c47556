import { ErrorCode, Tool, ToolDefinition, ToolwrightError } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { hasRipgrep } from '../shared/find-ripgrep.js';
import { GrepExecutor } from './impl.js';
import { grepPermissions } from './permissions.js';
import { GrepParams, GrepAction, GrepObservation, GREP_DESCRIPTION } from './declarations.js';

/** `grep`: which files contain a regex (ripgrep when installed, JavaScript otherwise, same results). */
@Tool({
  name: 'grep',
  description: GREP_DESCRIPTION,
  params: GrepParams,
  annotations: { title: 'grep', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
})
export class GrepTool extends ToolDefinition<GrepAction, GrepObservation> {
  /** Builds the tool; `backend: 'ripgrep'` fails here when ripgrep is not installed. */
  static create(convState: ConversationState, params: GrepParams = new GrepParams()): GrepTool[] {
    if (params.backend === 'ripgrep' && !hasRipgrep(params.ripgrepCommand)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_PARAMS,
        message: `grep: backend 'ripgrep' was requested but '${params.ripgrepCommand}' does not run. Install ripgrep or use backend 'auto' or 'js'.`,
        details: { name: 'grep', backend: params.backend, ripgrepCommand: params.ripgrepCommand },
      });
    }
    const executor = convState.createExecutor(GrepExecutor, params);
    const description = `${GREP_DESCRIPTION}\n\nYour current working directory is: ${convState.workingDir}`;
    return [new GrepTool({ description, actionType: GrepAction, observationType: GrepObservation, executor, permissions: grepPermissions(convState.workingDir) })];
  }
}
