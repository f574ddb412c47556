import type { PermissionContext } from '../policy/permission-context.js';
import type { PermissionDecision } from '../policy/permission-decision.js';
import type { RuleBehavior } from '../policy/permission-rule.js';
import type { ToolPermissions } from '../policy/tool-permissions.js';
import type { Action } from '../tool/action.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { deriveTool } from './derive-tool.js';
import { originalNameOf } from './original-name.js';

export { originalNameOf } from './original-name.js';

/**
 * Permissions that ask the source tool, adding `originalName` to what approval requests show.
 * One object with its methods on the prototype (a renamed tool costs one allocation here, not six
 * closures). `coveredByAllowRules` is left out: the copy keeps the source's own.
 */
class RenamedPermissions implements ToolPermissions<Action> {
  constructor(
    private readonly source: ToolDefinition,
    private readonly originalName: string,
  ) {}

  isReadOnly(action: Action): boolean {
    return this.source.isReadOnly(action);
  }

  checkPermissions(action: Action, context: PermissionContext): PermissionDecision | Promise<PermissionDecision> {
    return this.source.checkPermissions(action, context);
  }

  matchRule(content: string, action: Action, behavior: RuleBehavior): boolean {
    return this.source.matchRule(content, action, behavior);
  }

  suggestRules(action: Action): string[] {
    return this.source.suggestRules(action);
  }

  approvalMetadata(action: Action): Record<string, unknown> {
    return { ...(this.source.approvalMetadata(action) ?? {}), originalName: this.originalName };
  }
}

/**
 * `source` under the model-facing name `name`. The reverse map is kept: {@link originalNameOf}
 * gives the name before (also on any tool a wrapper derives from this one), and approval requests
 * show it as `metadata.originalName` beside the request's tool name.
 */
export function renamedTool(source: ToolDefinition, name: string): ToolDefinition {
  const originalName = originalNameOf(source) ?? source.name;
  const tool = deriveTool(source, { name, permissions: new RenamedPermissions(source, originalName) });
  // The source's own check of compound Actions (e.g. a shell command's parts) still applies.
  (tool as unknown as { coveredByAllowRules?: unknown }).coveredByAllowRules = source.coveredByAllowRules;
  return tool;
}
