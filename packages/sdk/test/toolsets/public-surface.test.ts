import { describe, expect, it } from '@jest/globals';
import { entrySource, exportedNames } from '../fixtures/entry-exports.js';

/**
 * The values of `@toolwright/sdk/toolsets`: tools that come and go while an agent runs. Adding or
 * removing one is a decision about the public API: update this list in the same change.
 */
const VALUES = [
  'ApprovalRequiredToolset',
  'BASIC_GROUP',
  'checkToolsetsSpec',
  'CombinedToolset',
  'deriveTool',
  'ExternalTool',
  'ExternalToolset',
  'FilteredToolset',
  'FunctionToolset',
  'GROUP_ACTIVATION_FILE',
  'GroupActivation',
  'groupInstructions',
  'loadSkill',
  'loadSkills',
  'LocalSkillLoader',
  'MAX_SKILL_BYTES',
  'McpServerToolset',
  'MethodToolset',
  'originalNameOf',
  'PrefixedToolset',
  'PreparedToolset',
  'RawSchemaTool',
  'renamedTool',
  'RenamedToolset',
  'renderInstructions',
  'RESET_TOOLS',
  'resetToolsTool',
  'SKILL_FILE',
  'SKILL_VIEWER',
  'skillsPrompt',
  'skillViewerTool',
  'ToolGroupsToolset',
  'toolInstruction',
  'ToolMethod',
  'toolMethodsOf',
  'ToolsetResolver',
  'toolsetsFromSpec',
  'toolsOfInstance',
  'turnContext',
  'WrappedToolset',
  'WrapperToolset',
];

/** The entry's type-only names. */
const TYPES = [
  'ApprovalPredicate',
  'BasicGroup',
  'CombinedToolsetOptions',
  'ConflictPolicy',
  'ExternalToolSpec',
  'FilterOptions',
  'FunctionToolsetOptions',
  'Instruction',
  'InstructionSource',
  'LocalSkillLoaderOptions',
  'McpServerToolsetOptions',
  'PrepareTools',
  'RawSchemaToolOptions',
  'ResolvedToolsets',
  'Skill',
  'SkillLoader',
  'ToolChanges',
  'ToolGroup',
  'ToolGroupsOptions',
  'ToolInstruction',
  'ToolMethodOptions',
  'ToolMethodRecord',
  'Toolset',
  'ToolsetSpec',
  'TurnContext',
  'WrappedCall',
];

describe('@toolwright/sdk/toolsets public surface', () => {
  it('exports exactly the listed values', async () => {
    const entry = (await import('@toolwright/sdk/toolsets')) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual([...VALUES].sort());
  });

  it('exports exactly the listed types', () => {
    expect(exportedNames('toolsets/index.ts', 'types')).toEqual([...TYPES].sort());
  });

  it('re-exports nothing with export *', () => {
    expect(entrySource('toolsets/index.ts')).not.toMatch(/^export \*/m);
  });
});
