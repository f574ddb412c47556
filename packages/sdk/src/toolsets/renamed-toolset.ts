import type { ToolDefinition } from '../tool/tool-definition.js';
import { checkUniqueNames } from './check-unique-names.js';
import { DerivedList } from './derived-list.js';
import { thenMaybe } from './maybe-async.js';
import type { MaybePromise } from './maybe-async.js';
import { renamedTool } from './renamed-tool.js';
import type { ToolInstruction } from './tool-instruction.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';
import { WrappedToolset } from './wrapped-toolset.js';

/**
 * Renames some of the inner toolset's tools (`{ old: 'new' }`; others keep their names). The new
 * names are checked (valid, no collision inside this toolset: `DUPLICATE_TOOL` naming both);
 * approval requests show the old name as `metadata.originalName` (see `originalNameOf`);
 * instructions follow their tools.
 */
export class RenamedToolset extends WrappedToolset {
  private readonly derived = new DerivedList((tool) => {
    const name = this.newName(tool.name);
    return name === tool.name ? tool : renamedTool(tool, name);
  }, (renamed) => checkUniqueNames(renamed, `${this.constructor.name} over ${this.label}`));

  constructor(inner: Toolset, private readonly names: Readonly<Record<string, string>>) {
    super(inner);
  }

  /** The model-facing name of `name`. */
  protected newName(name: string): string {
    return Object.hasOwn(this.names, name) ? this.names[name]! : name;
  }

  /** The inner tools, renamed. */
  tools(ctx: TurnContext): MaybePromise<readonly ToolDefinition[]> {
    return this.derived.ofMaybe(this.inner.tools(ctx));
  }

  /** The inner instructions, bound to the new names. */
  override instructions(ctx: TurnContext): MaybePromise<readonly ToolInstruction[]> {
    return thenMaybe(super.instructions(ctx), (list) => list.map((i) => ({ ...i, tool: this.newName(i.tool) })));
  }
}
