import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Toolset } from './toolset.js';
import type { ToolInstruction } from './tool-instruction.js';
import type { TurnContext } from './turn-context.js';

/**
 * Base of the toolsets that wrap one other toolset: instructions, `forRun` and `close` are
 * forwarded to the inner toolset (a wrapper that changes names maps the instructions' tool
 * names; one that drops tools needs nothing more, since instructions are written only for tools
 * in the view).
 */
export abstract class WrappedToolset implements Toolset {
  constructor(readonly inner: Toolset) {}

  /** The inner toolset's label. */
  get label(): string {
    return this.inner.label ?? this.inner.constructor.name;
  }

  abstract tools(ctx: TurnContext): readonly ToolDefinition[] | Promise<readonly ToolDefinition[]>;

  /** The inner toolset's instructions. */
  instructions(ctx: TurnContext): readonly ToolInstruction[] | Promise<readonly ToolInstruction[]> {
    return this.inner.instructions?.(ctx) ?? [];
  }

  /** The inner toolset's claims on the agent's tools. */
  claims(): readonly string[] {
    return this.inner.claims?.() ?? [];
  }

  /** Forwards to the inner toolset. */
  forRun(ctx: TurnContext): void | Promise<void> {
    return this.inner.forRun?.(ctx);
  }

  /** Forwards to the inner toolset. */
  close(): void | Promise<void> {
    return this.inner.close?.();
  }
}
