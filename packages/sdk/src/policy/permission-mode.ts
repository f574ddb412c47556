/**
 * How much the permission engine lets through without asking (AgentScope's modes):
 * - `default`: read-only calls and allow rules run; everything else asks.
 * - `acceptEdits`: as `default`, and tools allow edits inside the working directories.
 * - `explore`: read-only calls only; everything else is denied (ask rules still ask).
 * - `bypass`: everything runs except what a deny rule denies, an ask rule asks, or a write to a
 *   protected path (which asks in every mode).
 * - `dontAsk`: nothing asks: what would ask is denied (edits inside the working directories run).
 * In every mode, `confineWrites` denies writes outside the working directories.
 */
export type PermissionMode = 'default' | 'acceptEdits' | 'explore' | 'bypass' | 'dontAsk';

/** Every {@link PermissionMode}, in the order above. */
export const PERMISSION_MODES: readonly PermissionMode[] = Object.freeze(['default', 'acceptEdits', 'explore', 'bypass', 'dontAsk']);

/** True when `value` is a {@link PermissionMode}. */
export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === 'string' && (PERMISSION_MODES as readonly string[]).includes(value);
}
