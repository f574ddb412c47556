import { SecretMasker } from './secret-masker.js';

const KEY = Symbol.for('toolwright.secrets');

/**
 * The process's secrets: every sink (observations, events, audit lines, errors, logs, traces,
 * records) masks with this one {@link SecretMasker}, so a value registered anywhere is masked
 * everywhere. Shared through `globalThis` by every copy of the SDK loaded in the process.
 */
export const processSecrets: SecretMasker = ((globalThis as Record<symbol, unknown>)[KEY] as SecretMasker | undefined) ?? new SecretMasker();
(globalThis as Record<symbol, unknown>)[KEY] = processSecrets;

/**
 * `value` with every registered secret masked (`<secret:NAME>`): a string, or any value whose
 * strings are masked (see {@link SecretMasker.maskValue}). Returns `value` itself when nothing
 * in it is secret. The function for sinks outside the SDK (a recorder, a logger).
 */
export function maskSecrets<T>(value: T): T {
  return processSecrets.maskValue(value);
}

/** Registers `value` as a secret called `name` in the process (see {@link SecretMasker.add}). */
export function registerSecret(value: string, name?: string): void {
  processSecrets.add(value, name);
}
