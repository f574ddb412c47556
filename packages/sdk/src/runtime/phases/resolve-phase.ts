import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import type { CallContext } from '../call-context.js';
import { buildAction } from './build-action.js';
import { findTool } from './find-tool.js';
import { parseArguments } from './parse-arguments.js';

/**
 * The first phase: finds the tool in this turn's view, parses the JSON arguments, splits off the
 * injected fields (`security_risk`, `summary`), builds the Action (emitting the `ActionEvent`) and
 * binds the call's time limit; or sets the error outcome saying what was wrong and what is
 * expected. Synchronous.
 */
export function resolvePhase(ctx: CallContext, next: () => Promise<void>): void | Promise<void> {
  if (ctx.settled) return;
  const tool = findTool(ctx);
  if (!tool) return;
  ctx.tool = tool;
  ctx.toolName = tool.name;
  try {
    tool.prepareContext(ctx);
  } catch (error) {
    ctx.fail(error);
    return;
  }
  parseArguments(ctx, tool);
  if (ctx.settled) return;
  buildAction(ctx, tool, ctx.arguments!);
  if (ctx.settled) return;
  return next();
}

/** The error for a call that reached the invoke phase without an Action (a phase removed it): our bug. */
export function missingAction(): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INTERNAL, message: 'The tool call could not be handled because of an internal error (no Action to run). This is not a problem with your call; you may try again.' });
}
