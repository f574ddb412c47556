import type { JsonSchema } from '../schema/json-schema.js';
import { Observation } from '../tool/observation.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { GroupActivation } from './group-activation.js';
import { RawSchemaTool } from './raw-schema-tool.js';
import { instructionTag } from './render-instructions.js';
import type { ToolGroup } from './tool-group.js';

/** The meta tool's name. */
export const RESET_TOOLS = 'reset_tools';

/**
 * The group instructions of `names`, in the one format of every instruction text
 * ({@link instructionTag}: `<tool-instruction name="g">…</tool-instruction>`), joined by newlines.
 */
export function groupInstructions(groups: readonly ToolGroup[], names: ReadonlySet<string>): string {
  return groups
    .filter((g) => names.has(g.name) && g.instructions?.trim())
    .map((g) => instructionTag(g.name, g.instructions!.trim()))
    .join('\n');
}

/**
 * The `reset_tools` meta tool for `groups` with `active` marked in its schema (one tool object per
 * activation state). Its arguments are the final state: every group not set to true becomes
 * inactive. Unknown names and non-boolean values are refused by its schema (`additionalProperties:
 * false`, `type: boolean`), with the state unchanged.
 */
export function resetToolsTool(groups: readonly ToolGroup[], active: ReadonlySet<string>, activation: GroupActivation): ToolDefinition {
  const names = groups.map((g) => g.name);
  const properties: Record<string, JsonSchema> = {};
  for (const group of groups) {
    properties[group.name] = { type: 'boolean', description: `${group.description}${active.has(group.name) ? ' (currently active)' : ''}` };
  }
  return new RawSchemaTool({
    name: RESET_TOOLS,
    description:
      'Choose which tool groups are active. The arguments are the final state: set true for every group you need now; ' +
      'any group left out or set to false becomes inactive. Tools of inactive groups are hidden.',
    parameters: { type: 'object', properties, additionalProperties: false },
    // Changes only which tools are shown: allowed in every mode but explore's read-only check would refuse it otherwise.
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    timeoutMs: 0,
    executor: {
      execute: async (action, ctx) => {
        // The schema (one boolean per group, nothing else) was checked before: an unknown group or a non-boolean never gets here.
        const args = action.data;
        const before = activation.current(ctx.state);
        const after = new Set(names.filter((name) => args[name] === true));
        await activation.set(ctx.state, after);
        if (after.size === 0) return Observation.fromText('All tool groups are currently deactivated.');
        const newly = new Set([...after].filter((name) => !before.has(name)));
        const instructions = groupInstructions(groups, newly);
        return Observation.fromText(`The currently activated tool group(s): ${[...after].join(', ')}.${instructions ? `\n${instructions}` : ''}`);
      },
    },
  });
}
