/**
 * The call's arguments with the group's fixed ones over them, as a new object (what
 * `{ ...kwargs, ...fixed }` gives for JSON arguments: own enumerable string keys, `__proto__`
 * kept as a plain key). Written as a loop: an object literal with two spreads is much slower
 * on Node 20 (measurement: packages/bench/README.md).
 */
export function mergeFixedArgs(kwargs: Readonly<Record<string, unknown>>, fixedKeys: readonly string[], fixed: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const key in kwargs) if (Object.hasOwn(kwargs, key)) put(merged, key, kwargs[key]);
  for (const key of fixedKeys) put(merged, key, fixed[key]);
  return merged;
}

/** Sets `key` as an own data property (an assignment to `__proto__` would set the prototype instead). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
