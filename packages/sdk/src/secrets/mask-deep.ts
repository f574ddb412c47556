/** Built-in classes whose contents are not walked (binary data, collections, dates). */
function opaque(value: object): boolean {
  return (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    value instanceof Map ||
    value instanceof Set ||
    value instanceof WeakMap ||
    value instanceof WeakSet ||
    value instanceof Date ||
    value instanceof RegExp ||
    value instanceof Promise
  );
}

/** Most levels walked: deeper values are left as they are. */
const MAX_DEPTH = 64;

/**
 * `value` with `mask` applied to every string in it: in arrays, plain objects, class instances
 * (the copy keeps the prototype, so an `Observation` or an event stays one) and errors (message,
 * stack, cause and own fields; the copy keeps the prototype and the `ToolwrightError` brand).
 * Copy on write: what holds no string `mask` changes is returned as is (the same object); with
 * `holdsSecret` (true for a string `mask` would change) a first pass finds out without copying
 * anything, so a value without secrets costs one walk. Functions, binary data, maps and sets are
 * left alone.
 */
export function maskDeep<T>(value: T, mask: (text: string) => string, holdsSecret?: (text: string) => boolean): T {
  if (holdsSecret && !holds(value, holdsSecret, new Set(), 0)) return value;
  return walk(value, mask, new Map(), 0) as T;
}

/** True when a string in `value` (walked as {@link walk} walks it) passes `test`: the pass that allocates nothing per object. */
function holds(value: unknown, test: (text: string) => boolean, seen: Set<object>, depth: number): boolean {
  if (typeof value === 'string') return test(value);
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || opaque(value) || seen.has(value)) return false;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) if (holds(item, test, seen, depth + 1)) return true;
    return false;
  }
  const keys: (string | symbol)[] = value instanceof Error ? Reflect.ownKeys(value) : Object.keys(value);
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor && 'value' in descriptor && holds(descriptor.value, test, seen, depth + 1)) return true;
  }
  return false;
}

function walk(value: unknown, mask: (text: string) => string, seen: Map<object, unknown>, depth: number): unknown {
  if (typeof value === 'string') return mask(value);
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || opaque(value)) return value;
  const known = seen.get(value);
  if (known !== undefined) return known;
  // The copy exists before the walk: a cycle back to `value` points at the copy, so the copy never
  // refers to the unmasked original (everything on such a cycle is copied).
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array<unknown>(value.length);
    seen.set(value, copy);
    let changed = false;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      copy[i] = walk(item, mask, seen, depth + 1);
      if (copy[i] !== item) changed = true;
    }
    seen.set(value, changed ? copy : value);
    return changed ? copy : value;
  }
  const copy: object = Object.create(Object.getPrototypeOf(value) as object | null);
  seen.set(value, copy);
  const keys: (string | symbol)[] = value instanceof Error ? Reflect.ownKeys(value) : Object.keys(value);
  let changed: Map<string | symbol, unknown> | undefined;
  for (const key of keys) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor || !('value' in descriptor)) continue;
    const masked = walk(descriptor.value, mask, seen, depth + 1);
    if (masked !== descriptor.value) (changed ??= new Map()).set(key, masked);
  }
  if (!changed) {
    seen.set(value, value);
    return value;
  }
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if (changed.has(key)) descriptor.value = changed.get(key);
    Object.defineProperty(copy, key, descriptor);
  }
  return copy;
}
