import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolsetSpec } from '../registry/toolset-spec.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { ApprovalRequiredToolset } from './approval-required-toolset.js';
import { CombinedToolset } from './combined-toolset.js';
import { FilteredToolset } from './filtered-toolset.js';
import type { FilterOptions } from './filtered-toolset.js';
import { McpServerToolset } from './mcp-server-toolset.js';
import { PrefixedToolset } from './prefixed-toolset.js';
import { RenamedToolset } from './renamed-toolset.js';
import { SpecNameFilter } from './spec-name-filter.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';

/** Native tool specs as a toolset, resolved through `registry` for the run's conversation. */
class RegistryToolset implements Toolset {
  private list: readonly ToolDefinition[] = [];
  private started?: Promise<void>;

  constructor(
    readonly label: string,
    private readonly specs: readonly { name: string; params?: Record<string, unknown> }[],
    private readonly registry: ToolRegistry,
  ) {}

  forRun(ctx: TurnContext): Promise<void> {
    return (this.started ??= this.load(ctx));
  }

  private async load(ctx: TurnContext): Promise<void> {
    if (!ctx.state) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${this.label}: tool specs need a conversation (initialize the agent first).` });
    const tools: ToolDefinition[] = [];
    for (const spec of this.specs) tools.push(...(await this.registry.resolve(spec, ctx.state)));
    this.list = tools;
  }

  tools(): readonly ToolDefinition[] {
    return this.list;
  }
}

/** A spec toolset's filter: `when` per turn, `include`/`exclude` per tool, the names checked once the toolset has loaded. */
class SpecFilteredToolset extends FilteredToolset {
  constructor(inner: Toolset, filter: FilterOptions, private readonly names?: SpecNameFilter) {
    super(inner, filter);
  }

  /** Starts the inner toolset, then checks every `include`/`exclude` entry against its tools. */
  override async forRun(ctx: TurnContext): Promise<void> {
    await this.inner.forRun?.(ctx);
    this.names?.check(await this.inner.tools(ctx));
  }
}

/** Options of {@link toolsetsFromSpec}. */
export interface ToolsetsFromSpecOptions {
  /** The spec file (named in messages; `AgentSpec.source`). */
  source?: string;
  /** Told about spec entries that work but should be written otherwise (default: a Node process warning). */
  onWarning?: (message: string) => void;
}

function processWarning(message: string): void {
  process.emitWarning(message, { code: 'TOOLWRIGHT_SPEC' });
}

/**
 * The toolsets of an agent spec's `toolsets:` section: each entry's tools (through `registry`)
 * and MCP servers, filtered (`when` on the turn's context values, `include`/`exclude` by name
 * before renaming), renamed, prefixed and made to ask for approval, in that order. When the
 * toolsets load (`forRun`, at `agent.initialize`), an `include`/`exclude` entry that matches no
 * tool rejects with `INVALID_SPEC` naming its JSON path and the available names; one written in
 * the renamed form (`mcp__server__tool` under `naming: mcp`) matches, with a warning.
 */
export function toolsetsFromSpec(specs: readonly ToolsetSpec[] | undefined, registry: ToolRegistry, options: ToolsetsFromSpecOptions = {}): Toolset[] {
  return (specs ?? []).map((spec, i) => {
    const label = spec.label ?? `toolsets[${i}]`;
    const parts: Toolset[] = [];
    if (spec.tools?.length) parts.push(new RegistryToolset(label, spec.tools.map((t) => (typeof t === 'string' ? { name: t } : { name: t.name, ...(t.params ? { params: t.params } : {}) })), registry));
    for (const [server, config] of Object.entries(spec.mcpServers ?? {})) parts.push(new McpServerToolset({ server, config, naming: spec.naming }));
    let toolset: Toolset = parts.length === 1 ? parts[0]! : new CombinedToolset(parts, { label });
    const { when, include, exclude } = spec;
    if (when || include || exclude) {
      const names = include || exclude ? new SpecNameFilter({ include, exclude, rename: spec.rename, path: `toolsets[${i}]`, source: options.source, onWarning: options.onWarning ?? processWarning }) : undefined;
      toolset = new SpecFilteredToolset(
        toolset,
        {
          ...(when ? { when: (ctx: TurnContext) => Object.entries(when).every(([k, v]) => ctx.values[k] === v) } : {}),
          ...(names ? { keep: (_ctx: TurnContext, tool: ToolDefinition) => names.keep(tool) } : {}),
        },
        names,
      );
    }
    if (spec.rename) toolset = new RenamedToolset(toolset, spec.rename);
    if (spec.prefix) toolset = new PrefixedToolset(toolset, spec.prefix);
    if (spec.approval) toolset = new ApprovalRequiredToolset(toolset);
    return toolset;
  });
}
