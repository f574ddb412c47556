import type { JsonSchema, ToolAnnotations } from '@toolwright/sdk';

/** One tool of a group, as providers list it and the model sees it. */
export interface ToolDef {
  /** Unique among the runtime's tools (a clash is reported; see `ToolGroupRuntime.getTool`). */
  readonly name: string;
  /** The group that provides it (filled in by the runtime). */
  readonly toolgroupId: string;
  readonly description: string;
  /** JSON Schema of the arguments (an object schema). */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of `structuredContent`, when the tool returns some. */
  readonly outputSchema?: JsonSchema;
  readonly annotations?: ToolAnnotations;
  /** Provider facts (an MCP tool's `{ endpoint }`); never secrets. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}
