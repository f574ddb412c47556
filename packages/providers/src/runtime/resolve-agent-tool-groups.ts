import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import { parseToolRef } from './parse-tool-ref.js';
import type { ToolDef } from './tool-def.js';
import type { ToolGroupRuntime } from './tool-group-runtime.js';

/** Options of {@link resolveAgentToolGroups}. */
export interface ResolveAgentToolGroupsOptions {
  /** Credentials for groups that need them to list. */
  providerData?: Readonly<Record<string, unknown>>;
}

/**
 * An agent's `toolgroups` config (`['builtin::websearch', 'mcp::docs/search']`) as the tools it
 * exposes, in config order: a group gives all its tools, `group/tool` only that one. Configuration
 * mistakes throw (the agent must not start half-equipped):
 * - an unknown group: `UNKNOWN_TOOL_GROUP`, "Tool group 'x' not found. Did you mean 'y'? Available tool groups: …";
 * - an unknown tool: `UNKNOWN_TOOL`, "Tool 't' not found in tool group 'g'. Did you mean …? Its tools: …";
 * - two references exposing the same tool name: `DUPLICATE_TOOL`, naming both groups.
 * A group that cannot be listed throws its provider's error.
 */
export async function resolveAgentToolGroups(runtime: ToolGroupRuntime, toolgroups: readonly string[], options: ResolveAgentToolGroupsOptions = {}): Promise<ToolDef[]> {
  const refs = toolgroups.map((ref) => {
    const parsed = parseToolRef(ref);
    runtime.getToolGroup(parsed.toolgroupId);
    return { ref, ...parsed };
  });
  const out: ToolDef[] = [];
  const seen = new Map<string, string>();
  for (const { ref, toolgroupId, tool } of refs) {
    const defs = await runtime.listTools({ toolgroupId: tool === undefined ? toolgroupId : `${toolgroupId}/${tool}`, providerData: options.providerData });
    for (const def of defs) {
      const first = seen.get(def.name);
      if (first !== undefined) {
        const same = first === toolgroupId;
        throw new ToolwrightError({
          code: ErrorCode.DUPLICATE_TOOL,
          message: same
            ? `Tool '${def.name}' already exists: tool group '${toolgroupId}' is listed twice in toolgroups ('${ref}'); list it once.`
            : `Tool '${def.name}' already exists: both tool group '${first}' and tool group '${toolgroupId}' provide it. Expose only one, e.g. '${first}/${def.name}', drop one group, or register one of them with toolPrefix or toolNames so each has its own name (toolwright groups register ${toolgroupId} --provider … --tool-prefix PREFIX).`,
          details: { tool: def.name, toolgroupIds: [first, toolgroupId] },
        });
      }
      seen.set(def.name, toolgroupId);
      out.push(def);
    }
  }
  return out;
}
