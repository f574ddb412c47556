import { closestMatch } from '../errors/closest-match.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { originalNameOf } from './original-name.js';

/** Where a spec toolset's filter is written, for messages. */
export interface SpecNameFilterOptions {
  /** Only these tools (names before renaming; the renamed form is accepted with a warning). */
  include?: readonly string[];
  /** Never these tools (same names as `include`). */
  exclude?: readonly string[];
  /** The toolset's `rename` (applied after the filter): a new name in `include`/`exclude` matches its old one, with a warning. */
  rename?: Readonly<Record<string, string>>;
  /** The toolset's JSON path in the spec (`toolsets[1]`). */
  path: string;
  /** The spec file, when there is one (in messages). */
  source?: string;
  /** Told when an entry names a tool by its renamed form. */
  onWarning: (message: string) => void;
}

/** The name a tool had before any renaming (`naming: mcp`, a wrapper's rename): what `include`/`exclude` take. */
function nameBefore(tool: ToolDefinition): string {
  return originalNameOf(tool) ?? tool.name;
}

/**
 * A spec toolset's `include`/`exclude`: entries are tool names before renaming (the server's or
 * registry's name, not `mcp__server__tool`); an entry in the renamed form matches too, with a
 * warning naming the other form. {@link SpecNameFilter.check} (when the toolset loads) makes an
 * entry that matches no tool an `INVALID_SPEC` error naming its JSON path
 * (`toolsets[1].include[2]`), the closest name and the available ones.
 */
export class SpecNameFilter {
  private readonly include?: ReadonlySet<string>;
  private readonly exclude: ReadonlySet<string>;

  /** New name (`rename`) → old name. */
  private readonly renamedFrom: ReadonlyMap<string, string>;

  constructor(private readonly options: SpecNameFilterOptions) {
    this.renamedFrom = new Map(Object.entries(options.rename ?? {}).map(([from, to]) => [to, from]));
    // An entry naming a `rename` target stands for the old name too.
    const names = (list: readonly string[]): Set<string> => new Set(list.flatMap((name) => [name, ...(this.renamedFrom.has(name) ? [this.renamedFrom.get(name)!] : [])]));
    this.include = options.include ? names(options.include) : undefined;
    this.exclude = names(options.exclude ?? []);
  }

  /** True when `tool` passes `include` and `exclude` (by either of its names). */
  keep(tool: ToolDefinition): boolean {
    const before = nameBefore(tool);
    const named = (set: ReadonlySet<string>): boolean => set.has(before) || set.has(tool.name);
    return (!this.include || named(this.include)) && !named(this.exclude);
  }

  /** Checks every entry against the toolset's `tools` as loaded: warns for renamed forms, throws for entries that match nothing. */
  check(tools: readonly ToolDefinition[]): void {
    for (const key of ['include', 'exclude'] as const) {
      (this.options[key] ?? []).forEach((entry, i) => this.checkEntry(entry, `${this.options.path}.${key}[${i}]`, tools));
    }
  }

  private checkEntry(entry: string, at: string, tools: readonly ToolDefinition[]): void {
    const where = this.options.source ? `${this.options.source}: ${at}` : at;
    if (tools.some((tool) => nameBefore(tool) === entry)) return;
    const renamed = tools.find((tool) => tool.name === entry);
    const from = renamed ? nameBefore(renamed) : this.renamedFrom.get(entry);
    if (from !== undefined && (renamed || tools.some((tool) => nameBefore(tool) === from))) {
      this.options.onWarning(`${where}: '${entry}' is the renamed form of '${from}'; include and exclude take names before renaming, so write '${from}' (both forms match).`);
      return;
    }
    const names = tools.map(nameBefore);
    const guess = closestMatch(entry, names);
    throw new ToolwrightError({
      code: ErrorCode.INVALID_SPEC,
      message: `${where}: '${entry}' matches no tool of this toolset.${guess ? ` Did you mean '${guess}'?` : ''} Available (names before renaming): ${names.length > 0 ? names.join(', ') : '(none)'}.`,
      details: { ...(this.options.source ? { source: this.options.source } : {}), path: at, name: entry },
    });
  }
}
