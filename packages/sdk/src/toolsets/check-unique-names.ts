import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { originalNameOf } from './renamed-tool.js';

function describe(tool: ToolDefinition, label: string): string {
  const original = originalNameOf(tool);
  return original !== undefined && original !== tool.name ? `${label} (tool '${original}' renamed)` : label;
}

/** Throws `DUPLICATE_TOOL` when two of `tools` share a name, naming both sources. */
export function checkUniqueNames(tools: readonly ToolDefinition[], label: string): void {
  const seen = new Map<string, ToolDefinition>();
  for (const tool of tools) {
    const before = seen.get(tool.name);
    if (before) {
      throw new ToolwrightError({
        code: ErrorCode.DUPLICATE_TOOL,
        message: `Tool name '${tool.name}' is produced twice by ${label}: by ${describe(before, 'one tool')} and by ${describe(tool, 'another')}.`,
        details: { name: tool.name },
      });
    }
    seen.set(tool.name, tool);
  }
}
