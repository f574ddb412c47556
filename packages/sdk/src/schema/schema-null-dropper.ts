import type { JsonSchema } from './json-schema.js';

type JsonObject = Record<string, unknown>;

/** Replaces `null` by absence where a schema's optional property does not accept `null`. */
export type SchemaNullDropper = (value: unknown) => unknown;

interface Plan {
  /** Optional properties whose schema rejects `null`: a `null` there means "absent". */
  drop: string[];
  /** Plans of nested objects, by property. */
  properties: Map<string, Plan>;
  /** Plan of each array element. */
  items?: Plan;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const IDENTITY: SchemaNullDropper = (value) => value;

/**
 * The JSON Schema counterpart of the codec's null handling, for schemas that come from outside
 * (MCP servers): OpenAI strict exports make every optional property required and nullable, so a
 * strict model sends `null` for "absent"; this turns such `null`s back into absent properties —
 * only where the property is optional and its own schema rejects `null` — at any depth reached
 * through `properties`, `items` and local `$ref`s (recursion included). Values are copied on
 * write; the input is never modified. Built once per schema; the identity when there is nothing
 * to drop.
 */
export function schemaNullDropper(schema: JsonSchema): SchemaNullDropper {
  const plans = new Map<string, Plan | null>();
  const root = planOf(schema, schema, plans);
  return root ? (value) => apply(root, value) : IDENTITY;
}

/**
 * A {@link schemaNullDropper} built on the first value that holds a `null` anywhere: values
 * without one pass as they are (what the dropper returns for them too), so a tool whose calls
 * never carry `null` never walks its schema (`schemaOf` is not even called) — a first call
 * costs less, and so does a process that calls many tools once.
 */
export function lazyNullDropper(schemaOf: () => JsonSchema): SchemaNullDropper {
  let dropper: SchemaNullDropper | undefined;
  return (value) => {
    if (dropper) return dropper(value);
    if (!containsNull(value)) return value;
    dropper = schemaNullDropper(schemaOf());
    return dropper(value);
  };
}

/** True when `value` is `null` or holds one in an array element or an object property, at any depth. */
function containsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const item of value) if (containsNull(item)) return true;
    return false;
  }
  for (const key in value) if (containsNull((value as JsonObject)[key])) return true;
  return false;
}

function resolve(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root;
  const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = m ? (root[m[1]!] as Record<string, JsonSchema> | undefined) : undefined;
  return m && defs ? defs[m[2]!.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
}

function acceptsNull(root: JsonSchema, schema: unknown, seen: Set<unknown> = new Set()): boolean {
  if (!isObject(schema)) return schema !== false;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') {
    const target = resolve(root, s.$ref);
    if (!target || !acceptsNull(root, target, seen)) return false;
  }
  if (s.nullable === true) return true;
  if (s.type !== undefined && !(Array.isArray(s.type) ? s.type.includes('null') : s.type === 'null')) return false;
  if (Array.isArray(s.enum) && !s.enum.includes(null)) return false;
  if (s.const !== undefined && s.const !== null) return false;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && !branches.some((b) => acceptsNull(root, b, new Set(seen)))) return false;
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((b) => acceptsNull(root, b, new Set(seen)))) return false;
  return true;
}

function planOf(root: JsonSchema, schema: unknown, plans: Map<string, Plan | null>): Plan | undefined {
  if (!isObject(schema)) return undefined;
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') {
    const ref = s.$ref;
    if (plans.has(ref)) return plans.get(ref) ?? undefined;
    // Reserve a plan first so a recursive reference finds it (filled below, in place).
    const plan: Plan = { drop: [], properties: new Map() };
    plans.set(ref, plan);
    const built = planOf(root, resolve(root, ref), plans);
    if (!built) {
      plans.set(ref, null);
      return undefined;
    }
    Object.assign(plan, built);
    return plan;
  }
  const plan: Plan = { drop: [], properties: new Map() };
  if (isObject(s.properties)) {
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    for (const [name, property] of Object.entries(s.properties)) {
      if (!required.has(name) && !acceptsNull(root, property)) plan.drop.push(name);
      const nested = planOf(root, property, plans);
      if (nested) plan.properties.set(name, nested);
    }
  }
  const items = planOf(root, s.items, plans);
  if (items) plan.items = items;
  // allOf (how an inlined `$ref` with siblings reads): every branch's plan applies.
  for (const branch of Array.isArray(s.allOf) ? s.allOf : []) {
    const other = planOf(root, branch, plans);
    if (!other) continue;
    for (const name of other.drop) if (!plan.drop.includes(name)) plan.drop.push(name);
    for (const [name, nested] of other.properties) if (!plan.properties.has(name)) plan.properties.set(name, nested);
    plan.items ??= other.items;
  }
  return plan.drop.length > 0 || plan.properties.size > 0 || plan.items ? plan : undefined;
}

function apply(plan: Plan, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (!plan.items) return value;
    let out = value;
    value.forEach((item, i) => {
      const next = apply(plan.items!, item);
      if (next !== item) {
        if (out === value) out = [...value];
        out[i] = next;
      }
    });
    return out;
  }
  if (!isObject(value)) return value;
  let out = value;
  for (const name of plan.drop) {
    if (out[name] === null) {
      if (out === value) out = { ...value };
      delete out[name];
    }
  }
  for (const [name, nested] of plan.properties) {
    const child = out[name];
    if (child === undefined || child === null) continue;
    const next = apply(nested, child);
    if (next !== child) {
      if (out === value) out = { ...value };
      out[name] = next;
    }
  }
  return out;
}
