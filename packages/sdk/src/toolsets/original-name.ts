import type { ToolDefinition } from '../tool/tool-definition.js';

/**
 * The key of a renamed tool's name before: an own enumerable property of the tool, so every copy
 * of it (`deriveTool`, `withExecutor`) keeps it, and a wrapper over a renamed tool still knows both
 * names.
 */
export const ORIGINAL_NAME: unique symbol = Symbol('toolwright.originalName');

/**
 * The name a renamed or prefixed tool had before (the innermost one, through several renames and
 * any wrapper derived from it), or undefined for a tool that was never renamed.
 */
export function originalNameOf(tool: ToolDefinition): string | undefined {
  return (tool as unknown as { [ORIGINAL_NAME]?: string })[ORIGINAL_NAME];
}
