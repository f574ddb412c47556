import { closestMatch } from '../../errors/closest-match.js';
import { ErrorCode } from '../../errors/error-code.js';
import { typeName } from '../../schema/validation-issue.js';
import { displayName, listNames } from '../display-name.js';
import type { ToolCallContext } from '../tool-call-context.js';

/** Step 1: finds the named tool in the tools map, or ends the call with `UNKNOWN_TOOL`. */
export function findTool(ctx: ToolCallContext): void {
  const tools = ctx.environment.toolsMap;
  const name = ctx.requestedName;
  const tool = name === undefined ? undefined : tools.get(name);
  if (tool) {
    ctx.tool = tool;
    return;
  }
  ctx.fail(ErrorCode.UNKNOWN_TOOL, unknownToolMessage(ctx.rawName, [...tools.keys()]));
}

/**
 * `Tool 'gerp' not found. Available: glob, grep. Did you mean 'grep'?` — or, for a name that is
 * not a string, what was expected instead.
 */
export function unknownToolMessage(name: unknown, available: readonly string[]): string {
  const list = `Available: ${listNames(available)}.`;
  if (typeof name !== 'string' || name === '') {
    const got = typeof name === 'string' ? 'an empty string' : typeName(name);
    return `Tool call has no tool name (expected the name of a tool as a string, got ${got}). ${list}`;
  }
  // Tool names are at most 64 characters: anything much longer is not a typo of one (and edit
  // distance on it would be slow).
  const suggestion = name.length <= 128 ? closestMatch(name, available) : undefined;
  const hint = suggestion !== undefined ? ` Did you mean '${suggestion}'?` : '';
  return `Tool '${displayName(name)}' not found. ${list}${hint}`;
}

