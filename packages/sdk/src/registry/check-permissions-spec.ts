import { ruleSyntaxProblem } from '../policy/parse-rule.js';
import { PERMISSION_MODES } from '../policy/permission-mode.js';
import { protectedPathsProblem } from '../policy/protected-paths.js';
import { joinPath, typeName } from '../schema/validation-issue.js';
import { isPlainObject } from '../util/guards.js';

/** Where the `permissions:` section of an agent spec is wrong, and how. */
export interface PermissionsSpecProblem {
  path: string;
  message: string;
}

const KEYS = ['mode', 'allow', 'ask', 'deny', 'workingDirectories', 'grantsFile', 'grantsScope', 'auditLog', 'protectedPaths', 'confineWrites'];
const AUDIT_KEYS = ['path', 'includeValues', 'maxBytes', 'keep'];
const GRANTS_SCOPES = ['project', 'conversation'];

const expected = (path: string, what: string, got: unknown): PermissionsSpecProblem => ({ path, message: `expected ${what}, got ${typeName(got)}.` });

function checkStrings(value: unknown, path: string, rules: boolean): PermissionsSpecProblem | undefined {
  if (!Array.isArray(value)) return expected(path, rules ? 'an array of rules (Tool or Tool(content))' : 'an array of strings', value);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string' || item === '') return expected(joinPath(path, i), rules ? 'a rule string' : 'a non-empty string', item);
    const problem = rules ? ruleSyntaxProblem(item) : undefined;
    if (problem) return { path: joinPath(path, i), message: `${problem}.` };
  }
  return undefined;
}

function checkAuditLog(value: unknown, path: string): PermissionsSpecProblem | undefined {
  if (value === false || (typeof value === 'string' && value !== '')) return undefined;
  if (!isPlainObject(value)) return expected(path, 'a file path, false, or { path?, includeValues?, maxBytes?, keep? }', value);
  const extra = Object.keys(value).find((k) => !AUDIT_KEYS.includes(k));
  if (extra) return { path: joinPath(path, extra), message: `unknown field; allowed: ${AUDIT_KEYS.join(', ')}.` };
  if (value.path !== undefined && (typeof value.path !== 'string' || value.path === '')) return expected(joinPath(path, 'path'), 'a file path', value.path);
  if (value.includeValues !== undefined && typeof value.includeValues !== 'boolean') return expected(joinPath(path, 'includeValues'), 'a boolean', value.includeValues);
  for (const [key, min] of [['maxBytes', 1], ['keep', 0]] as const) {
    const n = value[key];
    if (n !== undefined && !(typeof n === 'number' && Number.isInteger(n) && n >= min)) return expected(joinPath(path, key), `an integer >= ${min}`, n);
  }
  return undefined;
}

/**
 * The first problem of an agent spec's `permissions:` section (`path` is the full JSON path, e.g.
 * `permissions.allow[2]`), or undefined:
 * `{ mode?, allow?, ask?, deny?, workingDirectories?, grantsFile?, grantsScope?, auditLog?, protectedPaths?, confineWrites? }`.
 */
export function checkPermissionsSpec(raw: unknown, path = 'permissions'): PermissionsSpecProblem | undefined {
  if (raw === undefined) return undefined;
  if (!isPlainObject(raw)) return expected(path, 'an object { mode?, allow?, ask?, deny?, … }', raw);
  const extra = Object.keys(raw).find((k) => !KEYS.includes(k));
  if (extra) return { path: joinPath(path, extra), message: `unknown field; allowed: ${KEYS.join(', ')}.` };
  if (raw.mode !== undefined && !(typeof raw.mode === 'string' && (PERMISSION_MODES as readonly string[]).includes(raw.mode))) {
    return { path: joinPath(path, 'mode'), message: `expected one of ${PERMISSION_MODES.join(', ')}, got ${typeof raw.mode === 'string' ? `'${raw.mode}'` : typeName(raw.mode)}.` };
  }
  for (const key of ['allow', 'ask', 'deny'] as const) {
    const problem = raw[key] === undefined ? undefined : checkStrings(raw[key], joinPath(path, key), true);
    if (problem) return problem;
  }
  if (raw.workingDirectories !== undefined) {
    const problem = checkStrings(raw.workingDirectories, joinPath(path, 'workingDirectories'), false);
    if (problem) return problem;
  }
  const grants = raw.grantsFile;
  if (grants !== undefined && grants !== false && !(typeof grants === 'string' && grants !== '')) return expected(joinPath(path, 'grantsFile'), 'a file path or false', grants);
  if (raw.grantsScope !== undefined && !GRANTS_SCOPES.includes(raw.grantsScope as string)) {
    return { path: joinPath(path, 'grantsScope'), message: `expected 'project' or 'conversation', got ${typeof raw.grantsScope === 'string' ? `'${raw.grantsScope}'` : typeName(raw.grantsScope)}.` };
  }
  if (raw.auditLog !== undefined) {
    const problem = checkAuditLog(raw.auditLog, joinPath(path, 'auditLog'));
    if (problem) return problem;
  }
  if (raw.protectedPaths !== undefined) {
    const problem = protectedPathsProblem(raw.protectedPaths);
    const at = joinPath(path, 'protectedPaths');
    if (problem) return { path: problem.index === undefined ? at : joinPath(at, problem.index), message: problem.message };
  }
  if (raw.confineWrites !== undefined && typeof raw.confineWrites !== 'boolean') return expected(joinPath(path, 'confineWrites'), 'true or false', raw.confineWrites);
  return undefined;
}
