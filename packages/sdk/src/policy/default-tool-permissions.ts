import type { PermissionDecision } from './permission-decision.js';

/** The hints of a tool's annotations the default permissions read (MCP's `ToolAnnotations` has them). */
interface PermissionHints {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
}

const ALLOW_READ_ONLY: PermissionDecision = Object.freeze({ behavior: 'allow', reason: 'readOnly', message: 'The tool is read-only.' });

/** A tool without its own `isReadOnly`: read-only exactly when it declares `readOnlyHint: true` (MCP's default is false). */
export function defaultIsReadOnly(annotations: Pick<PermissionHints, 'readOnlyHint'>): boolean {
  return annotations.readOnlyHint === true;
}

/**
 * A tool without its own `checkPermissions`: read-only tools are allowed; others ask (a plain
 * ask, not a safety check), saying whether the tool declares itself destructive.
 */
export function defaultCheckPermissions(name: string, annotations: PermissionHints): PermissionDecision {
  if (annotations.readOnlyHint === true) return ALLOW_READ_ONLY;
  // The tool asked last time is most often the one asking now: no WeakMap and Map lookups then.
  if (annotations === last.annotations && name === last.name) return last.decision;
  let byName = asks.get(annotations);
  if (!byName) asks.set(annotations, (byName = new Map()));
  let decision = byName.get(name);
  if (!decision) {
    const what = annotations.destructiveHint === false ? 'changes its environment' : 'may make destructive changes (destructiveHint)';
    decision = Object.freeze({ behavior: 'ask', reason: 'tool', message: `'${name}' ${what}.` });
    byName.set(name, decision);
  }
  last = { annotations, name, decision };
  return decision;
}

/** The default asks, built once per tool (annotations object) and name. */
const asks = new WeakMap<object, Map<string, PermissionDecision>>();

/** The default ask returned last, and for which tool (a one-entry cache in front of {@link asks}). */
let last: { annotations: object | undefined; name: string; decision: PermissionDecision } = { annotations: undefined, name: '', decision: ALLOW_READ_ONLY };
