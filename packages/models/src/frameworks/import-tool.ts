import { defineTool, ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { JsonSchema, SchemaTool, ToolContext } from '@toolwright/sdk';
import { importedResult } from './imported-tool-options.js';
import type { ImportedToolOptions } from './imported-tool-options.js';

/** A tool of another framework, reduced to what Toolwright needs. */
export interface ForeignTool {
  /** Where it comes from, for error messages (`AI SDK tool 'weather'`). */
  where: string;
  name: string;
  description: string;
  /** Its arguments' JSON Schema. */
  schema: unknown;
  /** Runs it with the validated arguments. */
  run(input: Record<string, unknown>, ctx: ToolContext): unknown;
}

/**
 * A Toolwright tool over another framework's tool: `defineTool` with its JSON Schema (the one
 * checker every JSON-Schema tool uses: bad arguments from a model are an `INVALID_ARGUMENTS`
 * Observation naming each path), so policy, hooks and events treat it like any other tool.
 * Throws `INVALID_DEFINITION` for a schema that is not an object schema.
 */
export function importTool(foreign: ForeignTool, options: ImportedToolOptions): SchemaTool<Record<string, unknown>> {
  const schema = foreign.schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${foreign.where}: its input schema is not a JSON Schema object, so it cannot become a Toolwright tool.` });
  }
  const { name, description, ...rest } = options;
  const { $schema: _dialect, ...input } = schema as Record<string, unknown>;
  return defineTool<Record<string, unknown>>({
    ...rest,
    name: name ?? foreign.name,
    description: description ?? (foreign.description || foreign.name),
    input: input as JsonSchema,
    execute: async (args, ctx) => importedResult(await foreign.run(args, ctx)),
  });
}
