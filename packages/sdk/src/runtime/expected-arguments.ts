import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { isPlainObject as isRecord } from '../util/guards.js';

const MAX_FIELDS = 20;

function typeOf(schema: JsonSchema | undefined): string {
  if (!isRecord(schema)) return 'any';
  if (schema.enum) return 'enum';
  if (Array.isArray(schema.type)) return schema.type.join('|');
  return schema.type ?? (schema.anyOf || schema.oneOf ? 'union' : 'any');
}

/**
 * What a tool's arguments should look like, in one line for the model:
 * `Expected a JSON object with the fields: pattern (string, required), path (string).`
 */
export function expectedArguments(tool: ToolDefinition): string {
  let schema: JsonSchema;
  try {
    schema = tool.inputSchema();
  } catch {
    return 'Expected a JSON object.';
  }
  // MCP servers send schemas of every quality: read defensively.
  const properties = isRecord(schema?.properties) ? (schema.properties as Record<string, JsonSchema | undefined>) : {};
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  const names = Object.keys(properties);
  if (names.length === 0) return 'Expected a JSON object (this tool takes no fields: send {}).';
  const fields = names.slice(0, MAX_FIELDS).map((name) => {
    const type = typeOf(properties[name]);
    return required.has(name) ? `${name} (${type}, required)` : `${name} (${type})`;
  });
  const more = names.length > MAX_FIELDS ? `, … and ${names.length - MAX_FIELDS} more` : '';
  return `Expected a JSON object with the fields: ${fields.join(', ')}${more}.`;
}
