import { closestMatch } from '../../errors/closest-match.js';
import { ErrorCode } from '../../errors/error-code.js';
import { typeName } from '../../schema/validation-issue.js';
import { displayName, listNames } from '../display-name.js';
import type { ToolDefinition } from '../../tool/tool-definition.js';
import type { CallContext } from '../call-context.js';

/**
 * Finds the named tool in this turn's view. A tool that exists but is not in the view is refused
 * like an unknown one (`UNKNOWN_TOOL`), naming the tools in view. Returns undefined after setting
 * the error outcome.
 */
export function findTool(ctx: CallContext): ToolDefinition | undefined {
  const view = ctx.environment.view;
  const name = ctx.requestedName;
  const tool = name === undefined ? undefined : view.get(name);
  if (tool) return tool;
  const told = name === undefined ? undefined : view.unavailableMessage(name);
  if (told !== undefined) {
    ctx.failWith(ErrorCode.UNKNOWN_TOOL, told);
    return undefined;
  }
  const hidden = name !== undefined && ctx.environment.toolsMap.has(name);
  ctx.failWith(ErrorCode.UNKNOWN_TOOL, hidden ? hiddenToolMessage(name, view.names()) : unknownToolMessage(ctx.rawName, view.names()));
  return undefined;
}

/** `Tool 'x' is not available now. Available: a, b.` — for a tool that exists but is hidden this turn. */
export function hiddenToolMessage(name: string, available: readonly string[]): string {
  return `Tool '${displayName(name)}' is not available now. Available: ${listNames(available)}.`;
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

