import { closestMatch } from '../errors/closest-match.js';
import { codecOf } from '../schema/codec.js';
import { joinPath } from '../schema/validation-issue.js';
import type { SpecProblem } from './spec-problem.js';
import type { RegisteredTool } from './tool-registry.js';

function paramsPath(base: string, issuePath: string): string {
  if (issuePath === '') return base;
  return issuePath.startsWith('[') ? `${base}${issuePath}` : `${base}.${issuePath}`;
}

/**
 * Checks one spec entry against what the registry knows of the tool: `params` against its
 * Params class (each wrong field with its JSON path under `tools[i].params`), and params given
 * to a tool that declares none. `entry` undefined means the name is not registered: a problem
 * when `registered` lists every tool the spec may name, else left for the agent to report.
 */
export function checkToolParams(
  spec: { name: string; params?: unknown },
  path: string,
  entry: RegisteredTool | undefined,
  registered?: readonly string[],
): SpecProblem | undefined {
  if (!entry) {
    if (!registered) return undefined;
    const guess = closestMatch(spec.name, registered);
    return {
      path: joinPath(path, 'name'),
      message: `tool '${spec.name}' is not registered.${guess ? ` Did you mean '${guess}'?` : ''} Registered: ${registered.join(', ') || '(none)'}.`,
    };
  }
  const params = spec.params ?? undefined;
  const where = joinPath(path, 'params');
  if (!entry.params) {
    const keys = params !== null && typeof params === 'object' ? Object.keys(params) : [];
    if (keys.length === 0) return undefined;
    const why = entry.kind === 'instance' ? 'is a fixed instance and takes no params' : 'declares no params (no Params class)';
    return { path: where, message: `tool '${spec.name}' ${why}; got ${keys.join(', ')}.` };
  }
  const result = codecOf(entry.params).parse(params ?? {});
  if (result.ok) return undefined;
  const [first, ...rest] = result.issues;
  if (rest.length === 0) return { path: paramsPath(where, first!.path), message: first!.problem };
  const lines = result.issues.map((issue) => `\n- ${paramsPath(where, issue.path)}: ${issue.problem}`);
  return { path: where, message: `invalid params for tool '${spec.name}':${lines.join('')}` };
}
