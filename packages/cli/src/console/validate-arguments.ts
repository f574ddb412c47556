import { ToolwrightError } from '@toolwright/sdk';
import type { ToolDefinition, ValidationIssue } from '@toolwright/sdk';
import type { ValidateResponse } from './console-api.js';

/**
 * Checks `args` with the tool's own validator (`actionFromArguments`, what a call runs first), so
 * the form shows exactly the messages a model would get. Nothing runs.
 */
export function validateArguments(tool: ToolDefinition, args: unknown): ValidateResponse {
  try {
    tool.actionFromArguments(args);
    return { ok: true };
  } catch (error) {
    if (!ToolwrightError.isInstance(error)) return { ok: false, message: (error as Error).message, issues: [{ path: '', message: (error as Error).message }] };
    const issues = (error.details.issues as ValidationIssue[] | undefined) ?? [];
    return {
      ok: false,
      message: error.message,
      issues: issues.length > 0 ? issues.map((issue) => ({ path: issue.path, message: issue.problem })) : [{ path: '', message: error.message }],
    };
  }
}
