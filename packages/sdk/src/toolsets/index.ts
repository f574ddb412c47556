/**
 * @toolwright/sdk/toolsets — tools that come and go while an agent runs: toolsets (`AgentOptions.toolsets`)
 * and the ways to compose them (filter, prefix, rename, combine, wrap, prepare per turn), method and
 * external (caller-run) tools, tool groups, skills, instructions, and toolsets from an agent spec.
 */
import 'reflect-metadata';

export type { Toolset } from './toolset.js';
export type { TurnContext } from './turn-context.js';
export { turnContext } from './turn-context.js';
export type { Instruction, InstructionSource, ToolInstruction } from './tool-instruction.js';
export { toolInstruction } from './tool-instruction.js';
export { renderInstructions } from './render-instructions.js';
export { deriveTool } from './derive-tool.js';
export type { ToolChanges } from './derive-tool.js';
export { originalNameOf, renamedTool } from './renamed-tool.js';
export { WrappedToolset } from './wrapped-toolset.js';
export { FunctionToolset } from './function-toolset.js';
export type { FunctionToolsetOptions } from './function-toolset.js';
export { FilteredToolset } from './filtered-toolset.js';
export type { FilterOptions } from './filtered-toolset.js';
export { PreparedToolset } from './prepared-toolset.js';
export type { PrepareTools } from './prepared-toolset.js';
export { CombinedToolset } from './combined-toolset.js';
export type { CombinedToolsetOptions, ConflictPolicy } from './combined-toolset.js';
export { RenamedToolset } from './renamed-toolset.js';
export { PrefixedToolset } from './prefixed-toolset.js';
export { WrapperToolset } from './wrapper-toolset.js';
export type { WrappedCall } from './wrapper-toolset.js';
export { ApprovalRequiredToolset } from './approval-required-toolset.js';
export type { ApprovalPredicate } from './approval-required-toolset.js';
export { ExternalTool } from './external-tool.js';
export type { ExternalToolSpec } from './external-tool.js';
export { ExternalToolset } from './external-toolset.js';
export { McpServerToolset } from './mcp-server-toolset.js';
export type { McpServerToolsetOptions } from './mcp-server-toolset.js';
export { ToolsetResolver } from './toolset-resolver.js';
export type { ResolvedToolsets } from './toolset-resolver.js';
export { BASIC_GROUP } from './tool-group.js';
export type { ToolGroup } from './tool-group.js';
export { ToolGroupsToolset } from './tool-groups-toolset.js';
export type { BasicGroup, ToolGroupsOptions } from './tool-groups-toolset.js';
export { RESET_TOOLS, groupInstructions, resetToolsTool } from './reset-tools-tool.js';
export { GROUP_ACTIVATION_FILE, GroupActivation } from './group-activation.js';
export { RawSchemaTool } from './raw-schema-tool.js';
export type { RawSchemaToolOptions } from './raw-schema-tool.js';
export type { Skill } from './skill.js';
export { MAX_SKILL_BYTES, SKILL_FILE, loadSkill } from './load-skill.js';
export { LocalSkillLoader, loadSkills } from './skill-loader.js';
export type { LocalSkillLoaderOptions, SkillLoader } from './skill-loader.js';
export { SKILL_VIEWER, skillViewerTool, skillsPrompt } from './skill-viewer-tool.js';
export { ToolMethod, toolMethodsOf } from './tool-method.js';
export type { ToolMethodOptions, ToolMethodRecord } from './tool-method.js';
export { MethodToolset, toolsOfInstance } from './method-toolset.js';
export { toolsetsFromSpec } from './toolsets-from-spec.js';
export type { ToolsetSpec } from '../registry/toolset-spec.js';
export { checkToolsetsSpec } from '../registry/check-toolsets-spec.js';
