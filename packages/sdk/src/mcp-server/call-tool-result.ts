import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { codecOf } from '../schema/codec.js';
import type { Observation, ObservationClass } from '../tool/observation.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The structured result of a successful call: an MCP observation's own `structuredContent`
 * (passed through), else the declared fields of a tool that has an output schema.
 */
export function structuredContentOf(observation: Observation, tool: ToolDefinition | undefined): Record<string, unknown> | undefined {
  const own = (observation as { structuredContent?: unknown }).structuredContent;
  if (isPlainObject(own)) return own;
  if (!tool || tool.outputSchema() === undefined) return undefined;
  if (!(observation instanceof tool.observationType)) return undefined;
  return codecOf(observation.constructor as ObservationClass).serialize(observation);
}

/**
 * An Observation as an MCP `tools/call` result: its content blocks (text, image, audio, resource
 * links, embedded resources) as the tool rendered them, `isError` for error observations, and
 * `structuredContent` for successful calls of tools with an output schema. The error header the
 * kernel adds for models is left out: MCP carries the error in `isError`.
 */
export function toCallToolResult(observation: Observation, tool?: ToolDefinition): CallToolResult {
  const content = observation.llmContent() as CallToolResult['content'];
  const result: CallToolResult = { content };
  if (observation.isError) {
    result.isError = true;
    return result;
  }
  const structured = structuredContentOf(observation, tool);
  if (structured !== undefined) result.structuredContent = structured;
  return result;
}
