import type { PermissionContext } from '../policy/permission-context.js';
import type { RuleBehavior } from '../policy/permission-rule.js';
import type { ToolPermissions } from '../policy/tool-permissions.js';
import type { Action } from '../tool/action.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { deriveTool } from './derive-tool.js';

const ORIGINAL_NAMES = new WeakMap<ToolDefinition, string>();

/**
 * The name a renamed or prefixed tool had before (the innermost one, through several renames),
 * or undefined for a tool that was never renamed.
 */
export function originalNameOf(tool: ToolDefinition): string | undefined {
  return ORIGINAL_NAMES.get(tool);
}

/** Permissions that ask the source tool, adding `originalName` to what approval requests show. */
function permissionsOf(source: ToolDefinition, originalName: string): ToolPermissions<Action> {
  return {
    isReadOnly: (action) => source.isReadOnly(action),
    checkPermissions: (action, context: PermissionContext) => source.checkPermissions(action, context),
    matchRule: (content, action, behavior: RuleBehavior) => source.matchRule(content, action, behavior),
    ...(source.coveredByAllowRules ? { coveredByAllowRules: (contents: readonly string[], action: Action) => source.coveredByAllowRules!(contents, action) } : {}),
    suggestRules: (action) => source.suggestRules(action),
    approvalMetadata: (action) => ({ ...(source.approvalMetadata(action) ?? {}), originalName }),
  };
}

/**
 * `source` under the model-facing name `name`. The reverse map is kept: {@link originalNameOf}
 * gives the name before, and approval requests show it as `metadata.originalName` beside the
 * request's tool name.
 */
export function renamedTool(source: ToolDefinition, name: string): ToolDefinition {
  const originalName = ORIGINAL_NAMES.get(source) ?? source.name;
  const tool = deriveTool(source, { name, permissions: permissionsOf(source, originalName) });
  ORIGINAL_NAMES.set(tool, originalName);
  return tool;
}
