import type { ErrorObject } from 'ajv';
import type { JsonSchema } from './json-schema.js';

/** One thing wrong with a value, at one path. */
export interface ValidationIssue {
  /** Where, as `tags[1].name` (empty for the value itself). */
  readonly path: string;
  /** What was expected there. */
  readonly expected: string;
  /** What was found there (a type or a short preview; never a large value). */
  readonly received: string;
  /** What is wrong, without the path (`expected …, got …`). */
  readonly problem: string;
  /** `path: problem` in one line. */
  readonly message: string;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Joins path segments as `a.b[2].c` (quoted when not an identifier). */
export function joinPath(base: string, segment: string | number): string {
  if (typeof segment === 'number' || /^\d+$/.test(segment)) return `${base}[${segment}]`;
  if (!IDENTIFIER.test(segment)) return `${base}[${JSON.stringify(segment)}]`;
  return base === '' ? segment : `${base}.${segment}`;
}

function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<string>((path, segment) => joinPath(path, segment), '');
}

/** The JSON type name of a value (`integer` is reported as `number`). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A short, safe description of a value: small scalars shown, anything else by type and size. */
export function preview(value: unknown): string {
  if (typeof value === 'string') return value.length <= 40 ? JSON.stringify(value) : `a string of ${value.length} characters`;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return `an array of ${value.length} item(s)`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

function describeSchema(schema: JsonSchema | undefined): string {
  if (!schema) return 'a value';
  if (schema.enum) return `one of ${listValues(schema.enum)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  return type ?? 'a value';
}

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 12).map((v) => JSON.stringify(v));
  return values.length > 12 ? `${shown.join(', ')}, … (${values.length} in all)` : shown.join(', ');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function issue(path: string, expected: string, received: string, message?: string): ValidationIssue {
  const where = path === '' ? '(root)' : path;
  const problem = message ?? `expected ${expected}, got ${received}`;
  return { path, expected, received, problem, message: `${where}: ${problem}` };
}

function fromAjvError(error: ErrorObject): ValidationIssue {
  const path = pointerToPath(error.instancePath);
  const p = error.params as Record<string, unknown>;
  const data: unknown = error.data;
  const parent = error.parentSchema as JsonSchema | undefined;
  switch (error.keyword) {
    case 'required': {
      const name = String(p.missingProperty);
      return issue(joinPath(path, name), describeSchema(parent?.properties?.[name]), 'nothing (required field missing)');
    }
    case 'additionalProperties': {
      const allowed = Object.keys(parent?.properties ?? {});
      const expected = allowed.length > 0 ? `one of the fields ${allowed.join(', ')}` : 'no fields';
      const at = joinPath(path, String(p.additionalProperty));
      return issue(at, expected, 'an unknown field', `unknown field; allowed fields: ${allowed.join(', ') || '(none)'}`);
    }
    case 'type':
      return issue(path, String(Array.isArray(p.type) ? p.type.join(' or ') : p.type), typeName(data));
    case 'enum':
      return issue(path, `one of ${listValues(p.allowedValues as unknown[])}`, preview(data));
    case 'const':
      return issue(path, JSON.stringify(p.allowedValue), preview(data));
    case 'minLength':
    case 'maxLength': {
      const bound = error.keyword === 'minLength' ? 'at least' : 'at most';
      return issue(path, `a string of ${bound} ${plural(Number(p.limit), 'character')}`, `${String(data).length} characters`);
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return issue(path, `a number ${String(p.comparison)} ${String(p.limit)}`, preview(data));
    case 'multipleOf':
      return issue(path, `a multiple of ${String(p.multipleOf)}`, preview(data));
    case 'pattern':
      return issue(path, `a string matching /${String(p.pattern)}/`, preview(data));
    case 'format':
      return issue(path, `a string in format '${String(p.format)}'`, preview(data));
    case 'minItems':
    case 'maxItems': {
      const bound = error.keyword === 'minItems' ? 'at least' : 'at most';
      return issue(path, `${bound} ${plural(Number(p.limit), 'item')}`, plural(Array.isArray(data) ? data.length : 0, 'item'));
    }
    case 'uniqueItems':
      return issue(path, 'unique items', `equal items at [${String(p.j)}] and [${String(p.i)}]`);
    case 'minProperties':
      return issue(path, `an object with at least ${plural(Number(p.limit), 'field')}`, 'fewer fields');
    default:
      return issue(path, error.message ?? `to satisfy '${error.keyword}'`, preview(data));
  }
}

/** Issues from ajv errors (compiled with `allErrors` and `verbose`), one per path and keyword. */
export function issuesFromAjv(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  const seen = new Set<string>();
  const out: ValidationIssue[] = [];
  for (const error of errors ?? []) {
    // anyOf/oneOf/if wrappers repeat what their branches said.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    const found = fromAjvError(error);
    const key = `${found.path}\u0000${found.expected}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(found);
  }
  return out;
}

/** The issues as a bullet list, one per line. */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((i) => `- ${i.message}`).join('\n');
}
