import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { SECURITY_RISK_LEVELS } from '../../tool/provider-export.js';
import type { SecurityRisk } from '../../tool/provider-export.js';
import type { ToolDefinition } from '../../tool/tool-definition.js';
import { ActionEvent } from '../action-event.js';
import { invalidArgumentsMessage } from '../invalid-arguments-message.js';
import type { CallContext } from '../call-context.js';

function declares(tool: ToolDefinition, field: string): boolean {
  const properties = tool.inputSchema().properties;
  return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, field);
}

/** A `security_risk` value as the model sent it, read leniently: any case; unreadable → `UNKNOWN`. */
function readRisk(value: unknown): SecurityRisk {
  const upper = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return (SECURITY_RISK_LEVELS as readonly string[]).includes(upper) ? (upper as SecurityRisk) : 'UNKNOWN';
}

/**
 * Keeps the fields export options inject (`security_risk`, `summary`) for the ActionEvent; the
 * tool itself drops them (unless its Action declares them, in which case they are its own).
 */
function captureInjected(ctx: CallContext, tool: ToolDefinition, args: Record<string, unknown>): void {
  if (args.security_risk !== undefined && !declares(tool, 'security_risk')) ctx.securityRisk = readRisk(args.security_risk);
  if (typeof args.summary === 'string' && !declares(tool, 'summary')) ctx.summary = args.summary;
}

/**
 * Validates the arguments into the tool's Action and emits the {@link ActionEvent}, or sets the
 * `INVALID_ARGUMENTS` error outcome listing each offending path and what is expected.
 */
export function buildAction(ctx: CallContext, tool: ToolDefinition, args: Record<string, unknown>): void {
  try {
    ctx.action = tool.actionFromArguments(args);
  } catch (error) {
    const code = ToolwrightError.isInstance(error) ? error.code : ErrorCode.INVALID_ARGUMENTS;
    ctx.failWith(code as ErrorCode, invalidArgumentsMessage(tool, error, args));
    return;
  }
  if ('security_risk' in args || 'summary' in args) captureInjected(ctx, tool, args);
  const event = new ActionEvent({
    toolCallId: ctx.toolCallId,
    toolName: tool.name,
    action: ctx.action,
    securityRisk: ctx.securityRisk,
    summary: ctx.summary,
  });
  ctx.actionEvent = event;
  ctx.addEvent(event);
}
