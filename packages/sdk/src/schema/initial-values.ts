import type { AnyClass } from './metadata-store.js';
import { lineage } from './metadata-store.js';

/** Classes (and their subclasses) whose property initializers are not defaults: see {@link recordNoInitialDefaults}. */
const excluded = new WeakSet<object>();

/**
 * Says that the property initializers of `cls` and its subclasses are not defaults. An
 * Observation's initializers are what a tool starts filling from, not what a caller may leave out,
 * so its output schema keeps every declared field required.
 */
export function recordNoInitialDefaults(cls: AnyClass): void {
  excluded.add(cls);
}

const MAX_DEPTH = 32;

/** True for a value JSON carries unchanged: finite numbers, strings, booleans, null, arrays and plain objects of those. */
function isJsonValue(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value as Record<string, unknown>).every((item) => isJsonValue(item, depth + 1));
}

/**
 * The values the property initializers of `cls` give `properties` (`times: number = 1` →
 * `times: 1`): the declared class's defaults. Read once, from one instance made with `new cls()`;
 * none when the constructor declares parameters or throws, or for an excluded class (see
 * {@link recordNoInitialDefaults}). A property left `undefined`, or holding a value JSON cannot
 * carry as it is (a class instance, a Date, a function, NaN), has no default.
 */
export function initialValuesOf(cls: AnyClass, properties: Iterable<string>): ReadonlyMap<string, unknown> | undefined {
  if (cls.length > 0 || lineage(cls).some((c) => excluded.has(c))) return undefined;
  let instance: Record<string, unknown>;
  try {
    instance = new (cls as unknown as new () => Record<string, unknown>)();
  } catch {
    return undefined;
  }
  if (typeof instance !== 'object' || instance === null) return undefined;
  let values: Map<string, unknown> | undefined;
  for (const property of properties) {
    if (!Object.hasOwn(instance, property)) continue;
    const value = instance[property];
    if (value === undefined || !isJsonValue(value)) continue;
    (values ??= new Map()).set(property, value);
  }
  return values;
}
