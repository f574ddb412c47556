import { normalizeObjectSchema } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { AnySchema, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { ErrorCode, Observation, ToolwrightError } from '@toolwright/sdk';
import type { ClientLogLevel, Content, SampleRequest, SchemaTool, ToolAnnotations, ToolContext } from '@toolwright/sdk';
import { importTool } from '../frameworks/import-tool.js';
import type { ImportedToolOptions } from '../frameworks/imported-tool-options.js';

/** The config `McpServer.registerTool(name, config, callback)` takes. */
export interface McpToolConfig {
  title?: string;
  description?: string;
  /** A Zod raw shape, a Zod object schema, or a JSON Schema object; none: no arguments. */
  inputSchema?: ZodRawShapeCompat | AnySchema | Record<string, unknown>;
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

/** What an MCP tool callback returns (`CallToolResult`). */
export interface McpCallToolResult {
  content?: Content[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** The `extra` an MCP tool callback gets, as far as a Toolwright call can give it. */
export interface McpToolExtra {
  signal: AbortSignal;
  requestId: string;
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
  sendRequest(request: { method: string; params?: Record<string, unknown> }, resultSchema?: unknown): Promise<unknown>;
}

/** An MCP tool callback: `(args, extra)`, or `(extra)` for a tool without an input schema. */
export type McpToolCallback = (...args: never[]) => McpCallToolResult | Promise<McpCallToolResult>;

const EMPTY_OBJECT = { type: 'object', properties: {} };

function isZodLike(value: unknown): boolean {
  return typeof value === 'object' && value !== null && ('_zod' in value || '_def' in value);
}

/** The tool's JSON Schema as the MCP SDK's server would list it (its own conversion), or a JSON Schema given as is. */
function inputJsonSchema(name: string, schema: McpToolConfig['inputSchema']): unknown {
  if (schema === undefined) return EMPTY_OBJECT;
  const values = Object.values(schema);
  const zod = isZodLike(schema) || (values.length > 0 && values.every(isZodLike));
  if (!zod) return schema;
  const object = normalizeObjectSchema(schema as ZodRawShapeCompat | AnySchema);
  if (!object) throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `MCP tool '${name}': inputSchema must be a Zod raw shape, a Zod object schema or a JSON Schema object.` });
  return toJsonSchemaCompat(object, { strictUnions: true, pipeStrategy: 'input' });
}

function extraFor(ctx: ToolContext): McpToolExtra {
  return {
    signal: ctx.signal,
    requestId: ctx.toolCallId,
    sendNotification: async ({ method, params = {} }) => {
      if (method === 'notifications/progress') ctx.reportProgress(Number(params.progress), params.total === undefined ? undefined : Number(params.total), typeof params.message === 'string' ? params.message : undefined);
      else if (method === 'notifications/message') await ctx.log(params.level as ClientLogLevel, params.data);
    },
    sendRequest: ({ method, params = {} }) => {
      if (method === 'sampling/createMessage') return ctx.sample(params as unknown as SampleRequest);
      if (method === 'elicitation/create') return ctx.elicit({ message: String(params.message), requestedSchema: params.requestedSchema as never });
      return Promise.reject(new ToolwrightError({ code: ErrorCode.NOT_SUPPORTED, message: `MCP request '${method}' is not available to a tool run by Toolwright (sampling/createMessage and elicitation/create are).` }));
    },
  };
}

/**
 * An MCP SDK tool definition — what `McpServer.registerTool(name, config, callback)` takes — as a
 * Toolwright tool: its JSON Schema is the one the MCP SDK's server would list (Zod raw shape or
 * object, converted by the MCP SDK; a JSON Schema object as is), checked by `defineTool`'s JSON
 * Schema checker, run under the agent's policy. The callback gets the arguments and an `extra`
 * with the call's abort signal, its id as `requestId`, progress and log notifications, and
 * sampling / elicitation requests through the Toolwright call's client. Its `CallToolResult`
 * (content, isError) is the Observation. The config's `annotations` count unless `options` gives its own.
 */
export function fromMcpTool(name: string, config: McpToolConfig, callback: McpToolCallback, options: ImportedToolOptions = {}): SchemaTool<Record<string, unknown>> {
  if (typeof callback !== 'function') throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `MCP tool '${name}': the callback must be a function (args, extra) => CallToolResult.` });
  const withArgs = config.inputSchema !== undefined;
  const run = callback as unknown as (...args: unknown[]) => McpCallToolResult | Promise<McpCallToolResult>;
  return importTool(
    {
      where: `MCP tool '${name}'`,
      name,
      description: config.description ?? config.title ?? name,
      schema: inputJsonSchema(name, config.inputSchema),
      run: async (input, ctx) => {
        const extra = extraFor(ctx);
        const result = await (withArgs ? run(input, extra) : run(extra));
        const content = result.content ?? (result.structuredContent ? [{ type: 'text' as const, text: JSON.stringify(result.structuredContent) }] : []);
        return Observation.of({ content, isError: result.isError === true });
      },
    },
    { ...(config.annotations ? { annotations: config.annotations } : {}), ...options },
  );
}
