import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import type { CallContext } from '../call-context.js';
import type { CallLink } from '../call-middleware.js';
import { buildAction } from './build-action.js';
import { findTool } from './find-tool.js';
import { parseArguments } from './parse-arguments.js';

/**
 * The first step: finds the tool in this turn's view, parses the JSON arguments, splits off the
 * injected fields (`security_risk`, `summary`), builds the Action (emitting the `ActionEvent`) and
 * binds the call's time limit; or sets the error outcome saying what was wrong and what is
 * expected. Synchronous (it never waits, so it takes no place in the resource queue).
 */
export const resolveStep: CallLink = (next) => (ctx) => {
  let resolved: boolean;
  try {
    resolved = resolveCall(ctx);
  } catch (error) {
    ctx.fail(error);
    return undefined;
  }
  return resolved ? next(ctx) : undefined;
};

/** Resolves the call; false after setting the error outcome (or when it already had one). */
function resolveCall(ctx: CallContext): boolean {
  if (ctx.settled) return false;
  const tool = findTool(ctx);
  if (!tool) return false;
  ctx.tool = tool;
  ctx.toolName = tool.name;
  try {
    tool.prepareContext(ctx);
  } catch (error) {
    ctx.fail(error);
    return false;
  }
  parseArguments(ctx, tool);
  if (ctx.settled) return false;
  buildAction(ctx, tool, ctx.arguments!);
  return !ctx.settled;
}

/** The error for a call that reached the invoke step without an Action (a step removed it): our bug. */
export function missingAction(): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INTERNAL, message: 'The tool call could not be handled because of an internal error (no Action to run). This is not a problem with your call; you may try again.' });
}
