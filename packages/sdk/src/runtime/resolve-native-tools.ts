import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolSpec } from '../registry/tool-spec.js';
import type { ConversationState } from '../state/conversation-state.js';
import { ToolDefinition } from '../tool/tool-definition.js';
import type { ToolOrigin } from './tool-origin.js';
import { describeOrigin } from './tool-origin.js';

/** A tool and where it came from. */
export interface PlacedTool {
  /** The tool. */
  readonly tool: ToolDefinition;
  /** Its spec (or `extraTools`). */
  readonly origin: ToolOrigin;
}

/** The error for two tools claiming one name, naming both origins. */
export function duplicateToolError(name: string, first: ToolOrigin, second: ToolOrigin): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.DUPLICATE_TOOL,
    message: `Tool name '${name}' is produced by both ${describeOrigin(first)} and ${describeOrigin(second)}; tool names must be unique. Rename one of them or drop one of the sources.`,
    details: { name, origins: [first, second] },
  });
}

/**
 * Resolves native specs through `registry` (in order), then adds `extraTools` as they are.
 * Throws `INVALID_SPEC` for a malformed list, the registry's errors for a bad spec, and
 * `DUPLICATE_TOOL` naming both origins when two tools share a name.
 */
export async function resolveNativeTools(
  specs: readonly ToolSpec[],
  extraTools: readonly ToolDefinition[],
  registry: ToolRegistry,
  state: ConversationState,
): Promise<Map<string, PlacedTool>> {
  if (!Array.isArray(specs)) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'Agent option tools must be an array of { name, params? } specs.' });
  }
  const placed = new Map<string, PlacedTool>();
  const add = (tool: ToolDefinition, origin: ToolOrigin): void => {
    const existing = placed.get(tool.name);
    if (existing) throw duplicateToolError(tool.name, existing.origin, origin);
    placed.set(tool.name, { tool, origin });
  };
  for (const spec of specs) {
    for (const tool of await registry.resolve(spec, state)) add(tool, { type: 'native', spec: spec.name });
  }
  extraTools.forEach((tool, index) => {
    if (!(tool instanceof ToolDefinition)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_SPEC,
        message: `Agent option extraTools[${index}] is not a ToolDefinition; pass ready-made tools (new ToolDefinition({...})).`,
        details: { index },
      });
    }
    add(tool, { type: 'native' });
  });
  return placed;
}
