import { createHash } from 'node:crypto';
import { canonicalJson } from '../policy/canonical-json.js';

/** What a tool's schema entry is made from: its MCP descriptor (name, description, input/output schema, annotations). */
export interface SchemaExportingTool {
  readonly name: string;
  toMcpTool(): object;
}

/** A tool's exported schema (its MCP descriptor) and a stable hash of it: 16 hex digits of SHA-256 over its canonical JSON (key order does not matter). */
export function toolSchemaHash(tool: SchemaExportingTool): { schema: Record<string, unknown>; hash: string } {
  const schema = { ...(tool.toMcpTool() as Record<string, unknown>) };
  return { schema, hash: createHash('sha256').update(canonicalJson(schema)).digest('hex').slice(0, 16) };
}
