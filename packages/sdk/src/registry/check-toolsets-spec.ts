import { joinPath, typeName } from '../schema/validation-issue.js';
import { TOOL_NAME_PATTERN } from '../tool/tool-name.js';
import { isPlainObject as isObject } from '../util/guards.js';
import type { SpecProblem } from './spec-problem.js';

/** The entry checkers of the agent spec (passed in, so this file does not import its caller). */
export interface EntryCheckers {
  checkTool(tool: unknown, path: string): SpecProblem | undefined;
  checkServer(server: unknown, path: string): SpecProblem | undefined;
}

const KEYS = new Set(['label', 'tools', 'mcpServers', 'naming', 'when', 'include', 'exclude', 'rename', 'prefix', 'approval']);

const expected = (path: string, what: string, got: unknown): SpecProblem => ({ path, message: `expected ${what}, got ${typeName(got)}.` });

function checkStrings(value: unknown, path: string): SpecProblem | undefined {
  if (!Array.isArray(value)) return expected(path, 'an array of tool names', value);
  const bad = value.findIndex((v) => typeof v !== 'string' || v === '');
  return bad >= 0 ? expected(joinPath(path, bad), 'a tool name', value[bad]) : undefined;
}

function checkStringMap(value: unknown, path: string, what: string): SpecProblem | undefined {
  if (!isObject(value)) return expected(path, what, value);
  for (const [k, v] of Object.entries(value)) if (typeof v !== 'string' || v === '') return expected(joinPath(path, k), 'a non-empty string', v);
  return undefined;
}

function checkToolset(entry: unknown, path: string, { checkTool, checkServer }: EntryCheckers): SpecProblem | undefined {
  if (!isObject(entry)) return expected(path, 'a toolset { tools?, mcpServers?, when?, include?, exclude?, rename?, prefix?, approval? }', entry);
  for (const key of Object.keys(entry)) if (!KEYS.has(key)) return { path: joinPath(path, key), message: `unknown field; allowed: ${[...KEYS].join(', ')}.` };
  if (entry.tools === undefined && entry.mcpServers === undefined) return { path, message: 'a toolset needs tools or mcpServers.' };
  if (entry.tools !== undefined) {
    if (!Array.isArray(entry.tools)) return expected(joinPath(path, 'tools'), 'an array of tool specs', entry.tools);
    for (const [i, tool] of entry.tools.entries()) {
      const problem = checkTool(tool, joinPath(joinPath(path, 'tools'), i));
      if (problem) return problem;
    }
  }
  if (entry.mcpServers !== undefined) {
    if (!isObject(entry.mcpServers)) return expected(joinPath(path, 'mcpServers'), 'an object of servers', entry.mcpServers);
    for (const [name, server] of Object.entries(entry.mcpServers)) {
      const problem = checkServer(server, joinPath(joinPath(path, 'mcpServers'), name));
      if (problem) return problem;
    }
  }
  if (entry.naming !== undefined && entry.naming !== 'default' && entry.naming !== 'mcp') return expected(joinPath(path, 'naming'), "'default' or 'mcp'", entry.naming);
  for (const key of ['include', 'exclude'] as const) {
    if (entry[key] !== undefined) {
      const problem = checkStrings(entry[key], joinPath(path, key));
      if (problem) return problem;
    }
  }
  if (entry.when !== undefined) {
    const problem = checkStringMap(entry.when, joinPath(path, 'when'), 'an object of context values ({ role: admin })');
    if (problem) return problem;
  }
  if (entry.rename !== undefined) {
    const problem = checkStringMap(entry.rename, joinPath(path, 'rename'), 'an object of new names ({ old: new })');
    if (problem) return problem;
    const bad = Object.entries(entry.rename as Record<string, string>).find(([, to]) => !TOOL_NAME_PATTERN.test(to));
    if (bad) return { path: joinPath(joinPath(path, 'rename'), bad[0]), message: `expected a tool name (letters, digits, '_' or '-', 1 to 64 characters), got ${JSON.stringify(bad[1].slice(0, 80))}.` };
  }
  if (entry.prefix !== undefined && (typeof entry.prefix !== 'string' || entry.prefix === '')) return expected(joinPath(path, 'prefix'), 'a non-empty string', entry.prefix);
  if (typeof entry.prefix === 'string' && !/^[a-zA-Z0-9_-]+$/.test(entry.prefix)) {
    return { path: joinPath(path, 'prefix'), message: `expected letters, digits, '_' or '-', got ${JSON.stringify(entry.prefix.slice(0, 80))}.` };
  }
  if (entry.label !== undefined && typeof entry.label !== 'string') return expected(joinPath(path, 'label'), 'a string', entry.label);
  if (entry.approval !== undefined && typeof entry.approval !== 'boolean') return expected(joinPath(path, 'approval'), 'a boolean', entry.approval);
  return undefined;
}

/** The first problem of an agent spec's `toolsets:` section, or undefined. */
export function checkToolsetsSpec(toolsets: unknown, checkers: EntryCheckers): SpecProblem | undefined {
  if (toolsets === undefined) return undefined;
  if (!Array.isArray(toolsets)) return expected('toolsets', 'an array of toolsets', toolsets);
  for (const [i, entry] of toolsets.entries()) {
    const problem = checkToolset(entry, joinPath('toolsets', i), checkers);
    if (problem) return problem;
  }
  return undefined;
}
