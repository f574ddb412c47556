import { joinPath } from '../schema/validation-issue.js';
import type { ValidationIssue } from '../schema/validation-issue.js';
import { MCP_DEFAULTS } from './mcp-defaults.js';

function issue(path: string, expected: string, received: string, problem: string): ValidationIssue {
  return { path, expected, received, problem, message: `${path || '(root)'}: ${problem}` };
}

/**
 * The first reason `args` cannot be sent to an MCP server as JSON, or undefined: nesting deeper
 * than `maxDepth` (default {@link MCP_DEFAULTS.maxArgumentDepth}), a cycle, a BigInt, or a property
 * or `toJSON` that throws when read. Such arguments would make `JSON.stringify` throw inside the
 * transport, a local fault that must not pass for an unreachable server. Plain arguments cost one
 * allocation-free walk; only refused ones get the careful walk that names the path.
 */
export function jsonArgumentsIssue(args: unknown, maxDepth: number = MCP_DEFAULTS.maxArgumentDepth): ValidationIssue | undefined {
  let plain = false;
  try {
    plain = isPlainJson(args, 1, maxDepth);
  } catch {
    // A getter or a proxy threw: the careful walk below says where.
  }
  return plain ? undefined : findIssue(args, maxDepth);
}

/**
 * The fast check every call pays: no paths, no cycle bookkeeping (a cycle shows up as nesting
 * deeper than `maxDepth`). Anything unusual (a `toJSON`, a BigInt, too deep) answers false and
 * leaves the wording to {@link findIssue}.
 */
function isPlainJson(value: unknown, depth: number, maxDepth: number): boolean {
  if (typeof value !== 'object' || value === null) return typeof value !== 'bigint';
  if (depth > maxDepth || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlainJson(value[i], depth + 1, maxDepth)) return false;
    return true;
  }
  for (const key of Object.keys(value)) if (!isPlainJson((value as Record<string, unknown>)[key], depth + 1, maxDepth)) return false;
  return true;
}

/** The careful walk, for arguments the fast check refused: the first issue with its path, or undefined. */
function findIssue(args: unknown, maxDepth: number): ValidationIssue | undefined {
  const ancestors = new Set<object>();
  const visit = (value: unknown, path: string, depth: number): ValidationIssue | undefined => {
    if (typeof value === 'bigint') return issue(path, 'a JSON value', 'a BigInt', 'a BigInt cannot be sent as JSON; send a number or a string');
    if (typeof value !== 'object' || value === null) return undefined;
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
      let json: unknown;
      try {
        json = (value as { toJSON: (key: string) => unknown }).toJSON('');
      } catch {
        return issue(path, 'a JSON value', 'a value whose toJSON throws', 'this value cannot be converted to JSON (its toJSON throws)');
      }
      return json === value ? undefined : visit(json, path, depth);
    }
    if (depth > maxDepth) {
      return issue(path, `at most ${maxDepth} levels of nesting`, 'deeper nesting', `the arguments are nested more than ${maxDepth} levels deep, the limit for MCP tool arguments; flatten them`);
    }
    if (ancestors.has(value)) return issue(path, 'a JSON value', 'a cycle', 'this value contains itself (a cycle), which JSON cannot hold');
    ancestors.add(value);
    try {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const found = visit(value[i], joinPath(path, i), depth + 1);
          if (found) return found;
        }
        return undefined;
      }
      for (const key of Object.keys(value)) {
        const found = visit((value as Record<string, unknown>)[key], joinPath(path, key), depth + 1);
        if (found) return found;
      }
      return undefined;
    } catch {
      return issue(path, 'a JSON value', 'a value that throws when read', 'reading this value threw, so it cannot be sent as JSON');
    } finally {
      ancestors.delete(value);
    }
  };
  return visit(args, '', 1);
}
