import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import type { McpEndpoint, RegisteredToolGroup, ToolGroupInput } from './tool-group.js';

const GROUP_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
/** What a tool prefix or exposed name may hold (no '/', which separates a group from a tool). */
const TOOL_NAME_PART = /^[A-Za-z0-9_.-]{0,128}$/;

function invalid(toolgroupId: string, field: string, problem: string): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.INVALID_SPEC,
    message: `Invalid tool group '${toolgroupId}' (${field}): ${problem}`,
    details: { toolgroupId, field },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a registration's shape and normalises it (endpoint as an object, args copied and frozen). */
export function checkToolGroup(input: ToolGroupInput): RegisteredToolGroup {
  if (!isRecord(input)) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: 'A tool group must be an object { toolgroupId, providerId, mcpEndpoint?, args?, toolPrefix?, toolNames?, concurrency? }.' });
  const id = input.toolgroupId;
  if (typeof id !== 'string' || !GROUP_ID.test(id)) {
    throw invalid(String(id), 'toolgroupId', `expected 1 to 128 letters, digits or '_ . : -' (no '/', which separates a group from a tool), got ${JSON.stringify(id)}.`);
  }
  if (typeof input.providerId !== 'string' || input.providerId === '') throw invalid(id, 'providerId', `expected a provider id such as 'brave-search', got ${JSON.stringify(input.providerId)}.`);
  if (input.args !== undefined && !isRecord(input.args)) throw invalid(id, 'args', 'expected an object of fixed arguments.');
  const group: { -readonly [K in keyof RegisteredToolGroup]: RegisteredToolGroup[K] } = {
    toolgroupId: id,
    providerId: input.providerId,
    args: Object.freeze({ ...(input.args ?? {}) }),
  };
  if (input.mcpEndpoint !== undefined) group.mcpEndpoint = endpointOf(id, input.mcpEndpoint);
  if (input.toolPrefix !== undefined) {
    if (typeof input.toolPrefix !== 'string' || !TOOL_NAME_PART.test(input.toolPrefix)) throw invalid(id, 'toolPrefix', `expected letters, digits, '_', '.' or '-' (e.g. 'bing_'), got ${JSON.stringify(input.toolPrefix)}.`);
    group.toolPrefix = input.toolPrefix;
  }
  if (input.toolNames !== undefined) {
    if (!isRecord(input.toolNames)) throw invalid(id, 'toolNames', "expected an object { providerToolName: exposedName }, e.g. { web_search: 'bing_search' }.");
    for (const [from, to] of Object.entries(input.toolNames)) {
      if (typeof to !== 'string' || to === '' || !TOOL_NAME_PART.test(to)) throw invalid(id, `toolNames.${from}`, `expected a tool name (letters, digits, '_', '.' or '-'), got ${JSON.stringify(to)}.`);
    }
    group.toolNames = Object.freeze({ ...input.toolNames } as Record<string, string>);
  }
  if (input.concurrency !== undefined) {
    if (input.concurrency !== 'serial' && input.concurrency !== 'parallel') {
      throw invalid(id, 'concurrency', `expected 'serial' (the group's tools that may write run one at a time; the default) or 'parallel' (they may run at the same time), got ${JSON.stringify(input.concurrency)}.`);
    }
    group.concurrency = input.concurrency;
  }
  return Object.freeze(group);
}

function endpointOf(id: string, raw: string | McpEndpoint): McpEndpoint {
  const endpoint: McpEndpoint = typeof raw === 'string' ? { uri: raw } : isRecord(raw) ? { ...raw } : ({} as McpEndpoint);
  if (typeof endpoint.uri !== 'string') throw invalid(id, 'mcpEndpoint', 'expected a URL string or { uri, transport?, headers?, authorization? }.');
  if (endpoint.transport !== undefined && endpoint.transport !== 'http' && endpoint.transport !== 'sse') {
    throw invalid(id, 'mcpEndpoint.transport', `expected 'http' (Streamable HTTP) or 'sse', got ${JSON.stringify(endpoint.transport)}.`);
  }
  return Object.freeze(endpoint);
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** True when two registrations define the same group (key order does not matter). */
export function sameToolGroup(a: RegisteredToolGroup, b: RegisteredToolGroup): boolean {
  return stable(a) === stable(b);
}
