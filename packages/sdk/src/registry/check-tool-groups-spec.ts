import { joinPath, typeName } from '../schema/validation-issue.js';
import { isPlainObject } from '../util/guards.js';

/** Where the tool-group part of an agent spec is wrong, and how. */
export interface ToolGroupsSpecProblem {
  path: string;
  message: string;
}

/** Tool group ids: letters, digits and `_ . : -` (no `/`, which separates a group from a tool). */
const GROUP_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
const GROUP_KEYS = ['toolgroupId', 'providerId', 'mcpEndpoint', 'args', 'toolPrefix', 'toolNames', 'concurrency'];
/** A tool prefix or exposed tool name (no '/', which separates a group from a tool). */
const TOOL_NAME_PART = /^[A-Za-z0-9_.-]{0,128}$/;
const ENDPOINT_KEYS = ['uri', 'transport', 'headers', 'authorization'];
/** What a tool group's `concurrency` may be. */
const GROUP_CONCURRENCY = "expected 'serial' (the group's tools that may write run one at a time; the default) or 'parallel' (they may run at the same time)";

const expected = (path: string, what: string, got: unknown): ToolGroupsSpecProblem => ({ path, message: `expected ${what}, got ${typeName(got)}.` });

function checkRef(ref: unknown, path: string): ToolGroupsSpecProblem | undefined {
  if (typeof ref !== 'string') return expected(path, "a tool group reference ('group' or 'group/tool')", ref);
  const [group, tool, extra] = ref.split('/');
  if (!GROUP_ID.test(group!) || tool === '' || extra !== undefined) {
    return { path, message: `'${ref}' is not a tool group reference; expected 'group' or 'group/tool' (e.g. 'builtin::websearch' or 'mcp::docs/search'), group ids made of letters, digits and '_ . : -'.` };
  }
  return undefined;
}

function checkEndpoint(value: unknown, path: string): ToolGroupsSpecProblem | undefined {
  if (typeof value === 'string') return value === '' ? expected(path, 'a URL', value) : undefined;
  if (!isPlainObject(value)) return expected(path, 'a URL string or { uri, transport?, headers?, authorization? }', value);
  const extra = Object.keys(value).find((k) => !ENDPOINT_KEYS.includes(k));
  if (extra) return { path: joinPath(path, extra), message: `unknown field; allowed: ${ENDPOINT_KEYS.join(', ')}.` };
  if (typeof value.uri !== 'string' || value.uri === '') return expected(joinPath(path, 'uri'), 'a URL string', value.uri);
  if (value.transport !== undefined && value.transport !== 'http' && value.transport !== 'sse') {
    return { path: joinPath(path, 'transport'), message: `expected 'http' (Streamable HTTP) or 'sse', got ${typeof value.transport === 'string' ? `'${value.transport}'` : typeName(value.transport)}.` };
  }
  if (value.authorization !== undefined && typeof value.authorization !== 'string') return expected(joinPath(path, 'authorization'), 'a bearer token string', value.authorization);
  if (value.headers === undefined) return undefined;
  if (!isPlainObject(value.headers)) return expected(joinPath(path, 'headers'), 'an object of strings', value.headers);
  for (const [name, header] of Object.entries(value.headers)) {
    const at = joinPath(joinPath(path, 'headers'), name);
    if (typeof header !== 'string') return expected(at, 'a string', header);
    if (name.toLowerCase() === 'authorization') return { path: at, message: 'put the token in authorization (kept out of logs and listings), not in headers.' };
  }
  return undefined;
}

function checkGroup(group: unknown, path: string, seen: Map<string, string>): ToolGroupsSpecProblem | undefined {
  if (!isPlainObject(group)) return expected(path, 'a tool group { toolgroupId, providerId, mcpEndpoint?, args? }', group);
  const extra = Object.keys(group).find((k) => !GROUP_KEYS.includes(k));
  if (extra) return { path: joinPath(path, extra), message: `unknown field; allowed: ${GROUP_KEYS.join(', ')}.` };
  const id = group.toolgroupId;
  if (typeof id !== 'string' || !GROUP_ID.test(id)) {
    return { path: joinPath(path, 'toolgroupId'), message: `expected 1 to 128 letters, digits or '_ . : -' (e.g. 'builtin::websearch'), got ${typeof id === 'string' ? `'${id}'` : typeName(id)}.` };
  }
  const earlier = seen.get(id);
  if (earlier !== undefined) return { path: joinPath(path, 'toolgroupId'), message: `'${id}' is already registered at ${earlier}.` };
  seen.set(id, path);
  if (typeof group.providerId !== 'string' || group.providerId === '') return expected(joinPath(path, 'providerId'), "a provider id such as 'brave-search'", group.providerId);
  if (group.mcpEndpoint !== undefined) {
    const problem = checkEndpoint(group.mcpEndpoint, joinPath(path, 'mcpEndpoint'));
    if (problem) return problem;
  }
  if (group.args !== undefined && !isPlainObject(group.args)) return expected(joinPath(path, 'args'), 'an object of fixed arguments', group.args);
  if (group.toolPrefix !== undefined && !(typeof group.toolPrefix === 'string' && TOOL_NAME_PART.test(group.toolPrefix))) {
    return expected(joinPath(path, 'toolPrefix'), "a tool-name prefix of letters, digits, '_', '.' or '-' (e.g. 'bing_')", group.toolPrefix);
  }
  if (group.concurrency !== undefined && group.concurrency !== 'serial' && group.concurrency !== 'parallel') {
    return { path: joinPath(path, 'concurrency'), message: `${GROUP_CONCURRENCY}, got ${typeof group.concurrency === 'string' ? `'${group.concurrency}'` : typeName(group.concurrency)}.` };
  }
  if (group.toolNames !== undefined) {
    if (!isPlainObject(group.toolNames)) return expected(joinPath(path, 'toolNames'), "an object { providerToolName: exposedName } (e.g. { web_search: 'bing_search' })", group.toolNames);
    for (const [from, to] of Object.entries(group.toolNames)) {
      if (!(typeof to === 'string' && to !== '' && TOOL_NAME_PART.test(to))) return expected(joinPath(joinPath(path, 'toolNames'), from), "a tool name of letters, digits, '_', '.' or '-'", to);
    }
  }
  return undefined;
}

/**
 * The first problem of an agent spec's tool-group fields (`path` is the full JSON path), or
 * undefined. The spec only carries data; `@toolwright/providers` (or the CLI) turns it into tools:
 * - `toolgroups`: the groups and tools the agent uses (`['builtin::websearch', 'mcp::docs/search']`);
 * - `toolGroupRegistry`: groups to register (`[{ toolgroupId, providerId, mcpEndpoint?, args? }]`);
 * - `toolProviders`: options per provider id (`{ 'brave-search': { apiKey: '${BRAVE_API_KEY}' } }`).
 */
export function checkToolGroupsSpec(raw: Record<string, unknown>): ToolGroupsSpecProblem | undefined {
  if (raw.toolgroups !== undefined) {
    if (!Array.isArray(raw.toolgroups)) return expected('toolgroups', "an array of tool group references ('group' or 'group/tool')", raw.toolgroups);
    for (let i = 0; i < raw.toolgroups.length; i++) {
      const problem = checkRef(raw.toolgroups[i], joinPath('toolgroups', i));
      if (problem) return problem;
    }
  }
  if (raw.toolGroupRegistry !== undefined) {
    if (!Array.isArray(raw.toolGroupRegistry)) return expected('toolGroupRegistry', 'an array of tool groups { toolgroupId, providerId, mcpEndpoint?, args? }', raw.toolGroupRegistry);
    const seen = new Map<string, string>();
    for (let i = 0; i < raw.toolGroupRegistry.length; i++) {
      const problem = checkGroup(raw.toolGroupRegistry[i], joinPath('toolGroupRegistry', i), seen);
      if (problem) return problem;
    }
  }
  if (raw.toolProviders !== undefined) {
    if (!isPlainObject(raw.toolProviders)) return expected('toolProviders', 'an object { <providerId>: options }', raw.toolProviders);
    for (const [id, options] of Object.entries(raw.toolProviders)) {
      if (!isPlainObject(options)) return expected(joinPath('toolProviders', id), 'an object of provider options', options);
    }
  }
  return undefined;
}
