import { CallToolRequestSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolRequest, JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './json-rpc-error.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value's kind in a message: `an array`, `null`, `a string`. */
function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? type : `a ${type}`;
}

/**
 * True for params the SDK's schema passes with the same values: only `name`, `arguments` and a
 * `_meta` holding at most a progress token (a string or a safe integer). Most calls are such; the
 * schema (a zod parse and a copy) runs for the others, so it alone decides what else is valid.
 */
function isPlainParams(params: Record<string, unknown>): boolean {
  for (const key in params) if (key !== 'name' && key !== 'arguments' && key !== '_meta') return false;
  const meta = params._meta;
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  for (const key in meta) if (key !== 'progressToken') return false;
  const token = meta.progressToken;
  return token === undefined || typeof token === 'string' || Number.isSafeInteger(token);
}

function invalid(message: string): JsonRpcError {
  return new JsonRpcError(ErrorCode.InvalidParams, `tools/call: ${message}`);
}

/**
 * The params of a `tools/call` request, checked: a malformed request is an `InvalidParams`
 * (-32602) error with a one-line message naming the field and what is expected
 * (`tools/call: params.arguments: expected an object of the tool's arguments, got an array.`),
 * never the schema library's issue dump (which the MCP SDK answers as -32603 when its own request
 * schema refuses the message).
 */
export function toolCallParams(request: Pick<JSONRPCRequest, 'params'>): CallToolRequest['params'] {
  const params: unknown = request.params;
  if (!isObject(params)) throw invalid(`params: expected an object { name, arguments? }, got ${kindOf(params)}.`);
  if (typeof params.name !== 'string' || params.name === '') throw invalid(`params.name: expected the tool's name (a non-empty string), got ${kindOf(params.name)}.`);
  if (params.arguments !== undefined && !isObject(params.arguments)) {
    throw invalid(`params.arguments: expected an object of the tool's arguments (e.g. {"path": "README.md"}), got ${kindOf(params.arguments)}.`);
  }
  if (isPlainParams(params)) return params as CallToolRequest['params'];
  const parsed = CallToolRequestSchema.safeParse({ method: 'tools/call', params });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue ? issue.path.map(String).join('.') : 'params';
    throw invalid(`${path}: ${issue?.message ?? 'not a valid tools/call request'}.`);
  }
  return parsed.data.params;
}
