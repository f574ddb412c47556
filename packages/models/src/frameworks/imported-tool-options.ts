import { Observation } from '@toolwright/sdk';
import type { DefineToolOptions, JsonSchema, SchemaToolAction, ToolAnnotations } from '@toolwright/sdk';

/** What a tool brought over from another framework may add to its Toolwright definition. */
export interface ImportedToolOptions {
  /** The Toolwright name (default: the framework's). */
  name?: string;
  /** The description (default: the framework's). */
  description?: string;
  /** MCP annotations; `readOnlyHint: true` lets the policy allow calls without asking (unset: the policy treats it as a writer). */
  annotations?: ToolAnnotations;
  /** The tool's part in permission checks (rule matching on `action.input`). */
  permissions?: DefineToolOptions<JsonSchema>['permissions'];
  /** Resources a call touches (calls sharing one never run at once). */
  resources?: (action: SchemaToolAction<Record<string, unknown>>) => readonly string[];
  /** Time limit per call in ms (0 = none; default 5 minutes). */
  timeoutMs?: number;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A framework tool's result as a Toolwright result: text stays text, an Observation stays, a plain object is the structured result, anything else JSON text. */
export function importedResult(value: unknown): string | Record<string, unknown> | Observation {
  if (typeof value === 'string' || value instanceof Observation) return value;
  if (isPlainObject(value)) return value;
  return value === undefined ? '' : JSON.stringify(value);
}

/** The last value of an async iterable (a framework's streamed preliminary results), or the value itself. */
export async function finalValue(value: unknown): Promise<unknown> {
  const resolved: unknown = await value;
  if (resolved === null || typeof resolved !== 'object' || !(Symbol.asyncIterator in resolved)) return resolved;
  let last: unknown;
  for await (const item of resolved as AsyncIterable<unknown>) last = item;
  return last;
}
