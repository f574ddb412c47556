import type { SpecProblem } from './spec-problem.js';
import { joinPath, typeName } from '../schema/validation-issue.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks a spec's `variables` section: `{ NAME: { secret?: boolean } }`, NAME an environment variable's name. */
export function checkVariablesSpec(variables: unknown): SpecProblem | undefined {
  if (variables === undefined) return undefined;
  if (typeof variables !== 'object' || variables === null || Array.isArray(variables)) {
    return { path: 'variables', message: `expected an object of environment variable names to { secret: true }, got ${typeName(variables)}.` };
  }
  for (const [name, spec] of Object.entries(variables)) {
    const path = joinPath('variables', name);
    if (!NAME.test(name)) return { path, message: 'not an environment variable name (letters, digits and _, not starting with a digit).' };
    if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) return { path, message: `expected an object such as { secret: true }, got ${typeName(spec)}.` };
    for (const [key, value] of Object.entries(spec)) {
      if (key !== 'secret') return { path: joinPath(path, key), message: 'unknown field; a variable takes secret.' };
      if (typeof value !== 'boolean') return { path: joinPath(path, key), message: `expected true or false, got ${typeName(value)}.` };
    }
  }
  return undefined;
}
