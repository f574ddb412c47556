import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { TOOL_NAME_PATTERN } from '../tool/tool-name.js';
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
 * names are checked: an invalid one throws `INVALID_DEFINITION` here, a collision inside this
 * toolset `DUPLICATE_TOOL` naming both at resolution; approval requests, the audit log and
 * `originalNameOf` keep the old name; instructions follow their tools.
 */
export class RenamedToolset extends WrappedToolset {
  private readonly derived = new DerivedList(
    (tool) => {
      const name = this.newName(tool.name);
      return name === tool.name ? tool : renamedTool(tool, name);
    },
    (renamed) => checkUniqueNames(renamed, `${this.constructor.name} over ${this.label}`),
  );
  private readonly renames: ReadonlyMap<string, string>;

  constructor(inner: Toolset, names: Readonly<Record<string, string>>) {
    super(inner);
    if (typeof names !== 'object' || names === null) throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `RenamedToolset over ${this.label}: names must be an object { old: 'new' }.` });
    for (const [from, to] of Object.entries(names)) {
      if (typeof to !== 'string' || !TOOL_NAME_PATTERN.test(to)) {
        throw new ToolwrightError({
          code: ErrorCode.INVALID_DEFINITION,
          message: `RenamedToolset over ${this.label}: the new name of '${from}' must match ${TOOL_NAME_PATTERN.source} (letters, digits, '_' or '-', 1 to 64 characters), got ${JSON.stringify(to)}.`,
          details: { name: from },
        });
      }
    }
    this.renames = new Map(Object.entries(names));
  }

  /** The model-facing name of `name`. */
  protected newName(name: string): string {
    return this.renames.get(name) ?? name;
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
