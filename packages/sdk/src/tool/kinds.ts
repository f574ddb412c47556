import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { AnyClass } from '../schema/metadata-store.js';
import { formatIssues } from '../schema/validation-issue.js';
import type { ValidationIssue } from '../schema/validation-issue.js';

const kinds = new Map<string, AnyClass>();
const ambiguous = new Set<string>();

/**
 * Records `cls` under its class name, the `kind` discriminator of serialized Actions and
 * Observations. Two different classes with one name make that kind ambiguous (deserializing it
 * then fails with a message saying so).
 */
export function registerKind(cls: AnyClass): void {
  const existing = kinds.get(cls.name);
  if (existing === undefined) kinds.set(cls.name, cls);
  else if (existing !== cls) ambiguous.add(cls.name);
}

/** The class registered for `kind` that extends `base`; throws `UNKNOWN_KIND` naming the known kinds. */
export function classOfKind<T extends AnyClass>(kind: unknown, base: T): T {
  const cls = typeof kind === 'string' ? kinds.get(kind) : undefined;
  if (typeof kind === 'string' && ambiguous.has(kind)) {
    throw new ToolwrightError({
      code: ErrorCode.UNKNOWN_KIND,
      message: `Kind '${kind}' is ambiguous: two different classes are named '${kind}'. Rename one of them.`,
      details: { kind },
    });
  }
  if (!cls || !(cls === base || cls.prototype instanceof base)) {
    const known = [...kinds.values()].filter((c) => c === base || c.prototype instanceof base).map((c) => c.name);
    throw new ToolwrightError({
      code: ErrorCode.UNKNOWN_KIND,
      message: `Unknown ${base.name} kind ${JSON.stringify(kind)}. Known kinds: ${known.sort().join(', ') || '(none)'}.`,
      details: { kind, known },
    });
  }
  return cls as T;
}

/** The error for a serialized Action or Observation whose fields do not match its class. */
export function invalidSerialized(cls: AnyClass, issues: ValidationIssue[]): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.INVALID_ARGUMENTS,
    message: `Serialized ${cls.name} is invalid:\n${formatIssues(issues)}`,
    details: { kind: cls.name, issues },
  });
}
