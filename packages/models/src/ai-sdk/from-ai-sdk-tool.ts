import { asSchema } from 'ai';
import type { Tool } from 'ai';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { SchemaTool } from '@toolwright/sdk';
import { importTool } from '../frameworks/import-tool.js';
import { finalValue } from '../frameworks/imported-tool-options.js';
import type { ImportedToolOptions } from '../frameworks/imported-tool-options.js';

/**
 * An AI SDK tool (`tool({ description, inputSchema, execute })`, any schema the AI SDK takes:
 * `jsonSchema(…)`, Zod, a Standard Schema) as a Toolwright tool, validated by its JSON Schema and
 * run under the agent's policy — to move a team's tools over one at a time. `execute` gets the
 * Toolwright call's id and abort signal; a streamed (async iterable) result gives its last value.
 * Async: the AI SDK may build a schema's JSON Schema lazily. Rejects with `INVALID_DEFINITION`
 * for a tool without `execute`.
 */
export async function fromAiSdkTool(name: string, aiTool: Tool, options: ImportedToolOptions = {}): Promise<SchemaTool<Record<string, unknown>>> {
  const execute = aiTool.execute;
  if (typeof execute !== 'function') {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `AI SDK tool '${name}' has no execute function: only tools that run in your code can become Toolwright tools.` });
  }
  const schema: unknown = await asSchema(aiTool.inputSchema).jsonSchema;
  return importTool(
    {
      where: `AI SDK tool '${name}'`,
      name,
      description: aiTool.description ?? name,
      schema,
      run: (input, ctx) => finalValue(execute(input, { toolCallId: ctx.toolCallId, messages: [], abortSignal: ctx.signal })),
    },
    options,
  );
}

/** Every tool of an AI SDK `ToolSet` (see {@link fromAiSdkTool}), with per-tool options by name. */
export async function fromAiSdkTools(tools: Record<string, Tool>, options: Record<string, ImportedToolOptions> = {}): Promise<SchemaTool<Record<string, unknown>>[]> {
  return Promise.all(Object.entries(tools).map(([name, t]) => fromAiSdkTool(name, t, options[name])));
}
