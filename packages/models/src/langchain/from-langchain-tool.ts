import type { StructuredToolInterface } from '@langchain/core/tools';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import type { SchemaTool } from '@toolwright/sdk';
import { importTool } from '../frameworks/import-tool.js';
import type { ImportedToolOptions } from '../frameworks/imported-tool-options.js';

/** A LangChain ToolMessage-like result: its content is the result. */
function contentOf(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'content' in value && 'tool_call_id' in value) return (value as { content: unknown }).content;
  return value;
}

/**
 * A LangChain structured tool (`tool(fn, { name, description, schema })`, a `DynamicStructuredTool`,
 * a `StructuredTool` subclass; Zod or JSON Schema) as a Toolwright tool, validated by its JSON
 * Schema (LangChain's own conversion) and run under the agent's policy. `invoke` gets the arguments
 * and the Toolwright call's abort signal.
 */
export function fromLangChainTool(lcTool: StructuredToolInterface, options: ImportedToolOptions = {}): SchemaTool<Record<string, unknown>> {
  return importTool(
    {
      where: `LangChain tool '${lcTool.name}'`,
      name: lcTool.name,
      description: lcTool.description,
      schema: toJsonSchema(lcTool.schema as Parameters<typeof toJsonSchema>[0]),
      run: async (input, ctx) => contentOf(await lcTool.invoke(input, { signal: ctx.signal })),
    },
    options,
  );
}
