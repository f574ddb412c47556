import { joinPath, typeName } from '../schema/validation-issue.js';
import { isPlainObject as isObject } from '../util/guards.js';
import { checkPermissionsSpec } from './check-permissions-spec.js';
import { checkVariablesSpec } from './check-variables-spec.js';
import { checkToolGroupsSpec } from './check-tool-groups-spec.js';
import { checkToolsetsSpec } from './check-toolsets-spec.js';
import { checkMcpClientSpec } from './check-mcp-client-spec.js';
import { checkServedCatalogSpec } from './check-served-catalog-spec.js';
import type { SpecProblem } from './spec-problem.js';

const TOP_LEVEL = new Set(['$schema', 'name', 'description', 'tools', 'mcpServers', 'filterToolsRegex', 'permissions', 'toolgroups', 'toolGroupRegistry', 'toolProviders', 'toolsets', 'variables', 'prompts', 'resources']);
const SERVER_KEYS = new Set([
  'command', 'args', 'env', 'cwd', 'url', 'transport', 'headers', 'type',
  'disabled', 'required', 'timeoutMs', 'connectTimeoutMs', 'enabledTools', 'disabledTools', 'prefix', 'capabilities', 'auth', 'stateless', 'concurrency',
]);

const expected = (path: string, what: string, got: unknown): SpecProblem => ({ path, message: `expected ${what}, got ${typeName(got)}.` });

function checkStringArray(value: unknown, path: string): SpecProblem | undefined {
  if (!Array.isArray(value)) return expected(path, 'an array of strings', value);
  const bad = value.findIndex((v) => typeof v !== 'string');
  return bad >= 0 ? expected(joinPath(path, bad), 'a string', value[bad]) : undefined;
}

function checkStringMap(value: unknown, path: string): SpecProblem | undefined {
  if (!isObject(value)) return expected(path, 'an object of strings', value);
  for (const [k, v] of Object.entries(value)) if (typeof v !== 'string') return expected(joinPath(path, k), 'a string', v);
  return undefined;
}

/** The first problem of one MCP server entry, or undefined. */
export function checkServer(server: unknown, path: string): SpecProblem | undefined {
  if (!isObject(server)) return expected(path, 'an object with command or url', server);
  for (const key of Object.keys(server)) {
    if (!SERVER_KEYS.has(key)) return { path: joinPath(path, key), message: `unknown field; allowed: ${[...SERVER_KEYS].join(', ')}.` };
  }
  const hasCommand = server.command !== undefined;
  const hasUrl = server.url !== undefined;
  if (hasCommand === hasUrl) return { path, message: 'expected exactly one of command (stdio server) or url (HTTP server).' };
  if (hasCommand && (typeof server.command !== 'string' || server.command === '')) return expected(joinPath(path, 'command'), 'a non-empty string', server.command);
  if (hasUrl && typeof server.url !== 'string') return expected(joinPath(path, 'url'), 'a URL string', server.url);
  for (const key of ['args', 'enabledTools', 'disabledTools'] as const) {
    if (server[key] !== undefined) {
      const problem = checkStringArray(server[key], joinPath(path, key));
      if (problem) return problem;
    }
  }
  for (const key of ['env', 'headers'] as const) {
    if (server[key] !== undefined) {
      const problem = checkStringMap(server[key], joinPath(path, key));
      if (problem) return problem;
    }
  }
  for (const key of ['timeoutMs', 'connectTimeoutMs'] as const) {
    const v = server[key];
    if (v !== undefined && !(typeof v === 'number' && v > 0)) return expected(joinPath(path, key), 'a number > 0', v);
  }
  for (const key of ['cwd', 'prefix', 'transport'] as const) {
    if (server[key] !== undefined && typeof server[key] !== 'string') return expected(joinPath(path, key), 'a string', server[key]);
  }
  for (const key of ['disabled', 'required', 'stateless'] as const) {
    if (server[key] !== undefined && typeof server[key] !== 'boolean') return expected(joinPath(path, key), 'a boolean', server[key]);
  }
  return checkMcpClientSpec(server, path);
}

/** The first problem of one tool spec entry, or undefined. */
export function checkTool(tool: unknown, path: string): SpecProblem | undefined {
  if (typeof tool === 'string') return tool === '' ? { path, message: 'expected a tool name, got an empty string.' } : undefined;
  if (!isObject(tool)) return expected(path, 'a tool spec { name, params? } or a name', tool);
  if (typeof tool.name !== 'string' || tool.name === '') return expected(joinPath(path, 'name'), 'a tool name (string)', tool.name);
  if (tool.params !== undefined && tool.params !== null && !isObject(tool.params)) return expected(joinPath(path, 'params'), 'an object', tool.params);
  const extra = Object.keys(tool).find((k) => k !== 'name' && k !== 'params');
  return extra ? { path: joinPath(path, extra), message: 'unknown field; a tool spec has name and params.' } : undefined;
}

/** The first structural problem of an agent spec, or undefined. */
export function checkAgentSpec(raw: unknown): SpecProblem | undefined {
  if (!isObject(raw)) return expected('', 'an object with tools and/or mcpServers', raw);
  for (const key of Object.keys(raw)) {
    if (!TOP_LEVEL.has(key)) return { path: key, message: `unknown field; allowed: ${[...TOP_LEVEL].join(', ')}.` };
  }
  const tools = raw.tools ?? [];
  if (!Array.isArray(tools)) return expected('tools', 'an array of tool specs', tools);
  for (let i = 0; i < tools.length; i++) {
    const problem = checkTool(tools[i], joinPath('tools', i));
    if (problem) return problem;
  }
  if (raw.mcpServers !== undefined) {
    if (!isObject(raw.mcpServers)) return expected('mcpServers', 'an object of server configs', raw.mcpServers);
    for (const [name, server] of Object.entries(raw.mcpServers)) {
      const problem = checkServer(server, joinPath('mcpServers', name));
      if (problem) return problem;
    }
  }
  if (raw.filterToolsRegex !== undefined && typeof raw.filterToolsRegex !== 'string') return expected('filterToolsRegex', 'a string', raw.filterToolsRegex);
  const variables = checkVariablesSpec(raw.variables);
  if (variables) return variables;
  return checkToolGroupsSpec(raw) ?? checkPermissionsSpec(raw.permissions) ?? checkToolsetsSpec(raw.toolsets, { checkTool, checkServer }) ?? checkServedCatalogSpec(raw);
}
