import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { TOOL_NAME_PATTERN } from '../tool/tool-name.js';
import { AgentToolsToolset } from './agent-tools-toolset.js';
import { CombinedToolset } from './combined-toolset.js';
import { FunctionToolset } from './function-toolset.js';
import { GroupActivation } from './group-activation.js';
import { allMaybe, thenMaybe } from './maybe-async.js';
import type { MaybePromise } from './maybe-async.js';
import { loadSkill } from './load-skill.js';
import { McpServerToolset } from './mcp-server-toolset.js';
import { RESET_TOOLS, resetToolsTool } from './reset-tools-tool.js';
import type { Skill } from './skill.js';
import { SKILL_VIEWER, skillViewerTool, skillsPrompt } from './skill-viewer-tool.js';
import { BASIC_GROUP } from './tool-group.js';
import type { ToolGroup } from './tool-group.js';
import type { ToolInstruction } from './tool-instruction.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';

/** What is always active (the `basic` group): everything a group has but a name and description. */
export type BasicGroup = Omit<ToolGroup, 'name' | 'description'>;

/** Options of {@link ToolGroupsToolset}. */
export interface ToolGroupsOptions {
  /** The always-active part. */
  basic?: BasicGroup;
  /** The groups the model switches with `reset_tools`. */
  groups: readonly ToolGroup[];
}

interface Part {
  name: string;
  toolset: CombinedToolset;
  /** The skills as given (loaded skills or directory paths). */
  skillSources: readonly (Skill | string)[];
  /** The loaded skills (paths among the sources are loaded when the toolset starts). */
  skills: readonly Skill[];
  instructions?: string;
}

function configError(message: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message });
}

const nameOf = (tool: ToolDefinition | string): string => (typeof tool === 'string' ? tool : tool?.name);

function partOf(name: string, group: BasicGroup, instructions?: string): Part {
  const given = group.tools ?? [];
  const label = `tool group '${name}'`;
  // Names of the agent's own tools are resolved each turn; tool objects alone need nothing more than a FunctionToolset.
  const toolsets: Toolset[] = [given.some((t) => typeof t === 'string') ? new AgentToolsToolset(given, label) : new FunctionToolset(given as readonly ToolDefinition[], { label })];
  for (const [server, config] of Object.entries(group.mcpServers ?? {})) toolsets.push(new McpServerToolset({ server, config }));
  toolsets.push(...(group.toolsets ?? []));
  const skillSources = group.skills ?? [];
  return { name, toolset: new CombinedToolset(toolsets, { label }), skillSources, skills: skillSources.filter((s): s is Skill => typeof s !== 'string'), instructions };
}

/**
 * Tool groups (AgentScope's model): `basic` is always active; the other groups are shown only
 * while active, and the model sets which are with the `reset_tools` meta tool (present when a
 * non-basic group exists; its arguments are the final state; active groups are marked in its
 * schema each turn). A call to a tool of an inactive group is told which group to activate. The
 * activation belongs to the conversation and is kept in its state directory, so a restart with
 * the same conversation id finds it. A `skill` viewer is offered while a skill is visible.
 *
 * Throws `INVALID_DEFINITION` for a group without a description, a group named `basic`, two
 * groups of one name, or a name that cannot be a property.
 */
export class ToolGroupsToolset implements Toolset {
  readonly label = 'tool groups';
  private readonly basic: Part;
  private readonly parts: readonly Part[];
  private readonly activation: GroupActivation;
  private readonly resetTools = new Map<string, ToolDefinition>();
  private readonly viewers = new Map<string, ToolDefinition>();
  private readonly all: readonly Part[];
  private last?: { activeKey: string; lists: readonly (readonly ToolDefinition[])[]; tools: readonly ToolDefinition[] };
  private hidden: ReadonlyMap<string, string> = new Map<string, string>();
  /** True once every skill is loaded (at once when none was given as a path). */
  private skillsReady: boolean;
  private skillsLoading?: Promise<void>;

  constructor(readonly options: ToolGroupsOptions) {
    const groups = options?.groups;
    if (!Array.isArray(groups)) throw configError('ToolGroupsToolset needs groups: an array of { name, description, tools?, mcpServers?, toolsets?, skills? }.');
    const seen = new Set<string>();
    for (const [i, group] of groups.entries()) {
      const name: unknown = group?.name;
      if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) throw configError(`groups[${i}].name must be a name of letters, digits, '_' or '-', got ${JSON.stringify(name)}.`);
      if (name === BASIC_GROUP) throw configError(`groups[${i}]: '${BASIC_GROUP}' is the always-active group; give its tools in the basic option instead.`);
      if (seen.has(name)) throw configError(`groups[${i}]: two tool groups are named '${name}'.`);
      if (typeof group.description !== 'string' || group.description.trim() === '') throw configError(`Tool group '${name}' needs a description (the model reads it to decide when to activate the group).`);
      seen.add(name);
    }
    this.basic = partOf(BASIC_GROUP, options.basic ?? {});
    this.parts = groups.map((g) => partOf(g.name, g, g.instructions));
    this.all = [this.basic, ...this.parts];
    this.activation = new GroupActivation(seen);
    this.checkStaticNames();
    this.skillsReady = !this.all.some((p) => p.skillSources.some((s) => typeof s === 'string'));
  }

  /** Loads the skills given as directory paths (once), in place, and checks that no two of the groups' skills share a name. */
  private loadSkills(): Promise<void> {
    if (this.skillsReady) return Promise.resolve();
    return (this.skillsLoading ??= (async () => {
      for (const part of this.all) part.skills = await Promise.all(part.skillSources.map((s) => (typeof s === 'string' ? loadSkill(s) : s)));
      const seen = new Map<string, string>();
      for (const skill of this.all.flatMap((p) => p.skills)) {
        const before = seen.get(skill.name);
        if (before !== undefined) throw configError(`Two skills are named '${skill.name}': ${before} and ${skill.directory}.`);
        seen.set(skill.name, skill.directory);
      }
      this.skillsReady = true;
    })());
  }

  /** Two groups with a tool of one name would make activation ambiguous: refused at construction, naming both groups. */
  private checkStaticNames(): void {
    const owner = new Map<string, string>();
    const all = [{ name: BASIC_GROUP, tools: this.options.basic?.tools ?? [] }, ...this.options.groups.map((g) => ({ name: g.name, tools: g.tools ?? [] }))];
    for (const group of all) {
      for (const tool of group.tools) {
        const name = nameOf(tool);
        if (typeof name !== 'string' || name === '') throw configError(`Tool group '${group.name}': tools must be tool objects or names of the agent's tools, got ${JSON.stringify(tool) ?? String(tool)}.`);
        const before = owner.get(name);
        if (before !== undefined) throw new ToolwrightError({ code: ErrorCode.DUPLICATE_TOOL, message: `Tool name '${name}' is in both tool group '${before}' and tool group '${group.name}'.`, details: { name } });
        if (name === RESET_TOOLS || name === SKILL_VIEWER) throw configError(`Tool group '${group.name}': the name '${name}' is reserved for the meta tools.`);
        owner.set(name, group.name);
      }
    }
  }

  /** The groups' names, in order. */
  get groupNames(): string[] {
    return this.parts.map((p) => p.name);
  }

  /** The active groups of the turn's conversation (loaded from its state directory on first need). */
  activeGroups(ctx: TurnContext): MaybePromise<ReadonlySet<string>> {
    return this.activation.load(ctx.state);
  }

  /** The agent's tools the groups were given by name: the groups show and hide them. */
  claims(): readonly string[] {
    return this.all.flatMap((p) => p.toolset.claims());
  }

  /** Starts every group's toolsets (MCP servers connect here) and loads the skills given as paths. */
  async forRun(ctx: TurnContext): Promise<void> {
    await Promise.all([this.loadSkills(), ...[this.basic, ...this.parts].map((p) => p.toolset.forRun(ctx))]);
  }

  /** basic's tools, the active groups' tools, `reset_tools` and (while a skill is visible) `skill`. */
  tools(ctx: TurnContext): MaybePromise<readonly ToolDefinition[]> {
    if (!this.skillsReady) return this.loadSkills().then(() => this.tools(ctx));
    return thenMaybe(this.activeGroups(ctx), (active) => thenMaybe(allMaybe(this.all.map((p) => p.toolset.tools(ctx))), (lists) => this.shown(active, lists)));
  }

  /**
   * The turn's tools from the parts' `lists`: last turn's array (and hidden map) when the same
   * groups are active over the same lists, so an unchanged turn builds nothing.
   */
  private shown(active: ReadonlySet<string>, lists: readonly (readonly ToolDefinition[])[]): readonly ToolDefinition[] {
    const activeKey = this.parts.map((p) => (active.has(p.name) ? '1' : '0')).join('');
    const last = this.last;
    if (last && last.activeKey === activeKey && lists.every((list, i) => list === last.lists[i])) return last.tools;
    const [basicTools, ...groupTools] = lists;
    const tools: ToolDefinition[] = [...basicTools!];
    const hidden = new Map<string, string>();
    const skills: Skill[] = [...this.basic.skills];
    this.parts.forEach((part, i) => {
      if (active.has(part.name)) {
        tools.push(...groupTools[i]!);
        skills.push(...part.skills);
      } else {
        for (const tool of groupTools[i]!) hidden.set(tool.name, inactiveMessage(tool.name, part.name));
      }
    });
    if (this.parts.length > 0) tools.push(this.resetToolsFor(activeKey, active));
    if (skills.length > 0) tools.push(this.viewerFor(skills));
    this.hidden = hidden;
    this.last = { activeKey, lists, tools };
    return tools;
  }

  private resetToolsFor(key: string, active: ReadonlySet<string>): ToolDefinition {
    let tool = this.resetTools.get(key);
    if (!tool) this.resetTools.set(key, (tool = resetToolsTool(this.options.groups, new Set(active), this.activation)));
    return tool;
  }

  private viewerFor(skills: readonly Skill[]): ToolDefinition {
    const key = skills.map((s) => s.name).join('\0');
    let tool = this.viewers.get(key);
    if (!tool) this.viewers.set(key, (tool = skillViewerTool(skills)));
    return tool;
  }

  /** Tools of inactive groups, each with the message naming its group and `reset_tools`. */
  unavailable(): ReadonlyMap<string, string> {
    return this.hidden;
  }

  /** The skills visible this turn (basic's and the active groups'). */
  async visibleSkills(ctx: TurnContext): Promise<Skill[]> {
    await this.loadSkills();
    const active = await this.activeGroups(ctx);
    return [...this.basic.skills, ...this.parts.filter((p) => active.has(p.name)).flatMap((p) => p.skills)];
  }

  /** The toolsets' instructions, each group's own instructions bound to its tools, and the skills' prompt fragment bound to the viewer. */
  async instructions(ctx: TurnContext): Promise<readonly ToolInstruction[]> {
    const out: ToolInstruction[] = [];
    for (const part of [this.basic, ...this.parts]) {
      out.push(...(await part.toolset.instructions(ctx)));
      const content = part.instructions?.trim();
      if (content) for (const tool of await part.toolset.tools(ctx)) out.push({ tool: tool.name, group: part.name, content });
    }
    const skills = await this.visibleSkills(ctx);
    if (skills.length > 0) out.push({ tool: SKILL_VIEWER, group: 'skills', content: skillsPrompt(skills) });
    return out;
  }

  /** Closes every group's toolsets. */
  async close(): Promise<void> {
    await Promise.all([this.basic, ...this.parts].map((p) => p.toolset.close()));
  }
}

/** What a call of a tool of an inactive group is told. */
export function inactiveMessage(tool: string, group: string): string {
  return `The tool '${tool}' is in tool group '${group}', which is currently inactive. Activate the group first by calling '${RESET_TOOLS}' with ${JSON.stringify({ [group]: true })} (and true for every other group you still need).`;
}
