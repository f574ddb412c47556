/**
 * Freezes `value` and everything reachable from it, so a shared cached schema or export cannot be
 * changed by a caller. Objects already frozen are taken as frozen all the way down.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
