import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { isPlainObject } from '../../util/guards.js';
import { ActionEvent } from '../action-event.js';
import type { CallContext } from '../call-context.js';
import { invalidArgumentsMessage } from '../invalid-arguments-message.js';

/**
 * Validates `args` into the call's tool's Action and makes them the call's arguments (replacing
 * the ActionEvent), or sets the `INVALID_ARGUMENTS` error outcome starting with `what` and listing
 * each offending path. Returns true when replaced.
 */
export function replaceArguments(ctx: CallContext, args: unknown, what: string): boolean {
  const tool = ctx.tool!;
  if (!isPlainObject(args)) {
    ctx.fail(new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `${what} Expected an object of arguments.`, details: { tool: tool.name } }));
    return false;
  }
  try {
    ctx.action = tool.actionFromArguments(args);
  } catch (error) {
    ctx.fail(new ToolwrightError({ code: ErrorCode.INVALID_ARGUMENTS, message: `${what} ${invalidArgumentsMessage(tool, error, args)}`, details: { tool: tool.name } }));
    return false;
  }
  ctx.arguments = args;
  const previous = ctx.actionEvent;
  const index = previous ? ctx.events.indexOf(previous) : -1;
  if (index >= 0) {
    const event = new ActionEvent({ id: ctx.actionEventId, toolCallId: ctx.toolCallId, toolName: tool.name, action: ctx.action, securityRisk: ctx.securityRisk, summary: ctx.summary });
    ctx.actionEvent = event;
    ctx.events[index] = event;
  }
  return true;
}
