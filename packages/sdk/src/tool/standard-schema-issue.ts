import { joinPath, typeName } from '../schema/validation-issue.js';
import type { ValidationIssue } from '../schema/validation-issue.js';
import type { StandardSchemaV1 } from './standard-schema.js';

/** What `received` says of a path where the value has nothing (the wording the runtime's messages know). */
const MISSING = 'nothing (required field missing)';

/** The keys of an issue's path. */
function keysOf(issue: StandardSchemaV1.Issue): PropertyKey[] {
  return (issue.path ?? []).map((segment) => (typeof segment === 'object' && segment !== null ? segment.key : segment));
}

/** What is at `keys` in `root` (undefined when the path leads nowhere). */
function valueAt(root: unknown, keys: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of keys) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** A value by its type and size, never the value itself (it may be long or secret). */
function describeGot(value: unknown): string {
  if (value === undefined) return MISSING;
  if (typeof value === 'string') return `a string of ${value.length} character${value.length === 1 ? '' : 's'}`;
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  const type = typeName(value);
  return type === 'null' ? 'null' : `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/**
 * A Standard Schema issue as a {@link ValidationIssue}: its path (`tags[1].name`), what was
 * expected (the library's `expected` when it gives one, as Zod does for a wrong type, else its
 * message) and what was there (`root` is the value that was checked; described by type and size).
 */
export function validationIssueOf(issue: StandardSchemaV1.Issue, root: unknown): ValidationIssue {
  const path = keysOf(issue).reduce<string>((at, key) => joinPath(at, typeof key === 'symbol' ? String(key) : (key as string | number)), '');
  const value = valueAt(root, keysOf(issue));
  const declared = (issue as { expected?: unknown }).expected;
  const expected = typeof declared === 'string' && declared !== '' ? declared : issue.message;
  const received = describeGot(value);
  const says = /\b(received|got)\b/i.test(issue.message);
  const problem = says ? issue.message : `${issue.message} (got ${received})`;
  return { path, expected, received: value === undefined ? MISSING : typeName(value), problem, message: `${path === '' ? '(root)' : path}: ${problem}` };
}
