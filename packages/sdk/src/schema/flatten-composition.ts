import type { JsonSchema } from './json-schema.js';
import { mergeSchemas, sameJson } from './merge-schemas.js';
import { pointer } from './schema-problem.js';
import type { SchemaProblem } from './schema-problem.js';

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keywords that only annotate; a `$ref` beside only these needs no expansion. */
const REF_SIBLINGS_KEPT = new Set(['$ref', 'description']);
const BARE_REF = new Set(['$ref']);

/** How {@link flattenComposition} treats `oneOf`. */
export type OneOfMode = 'exclusive-only' | 'always';

/** Options of {@link flattenComposition}. */
export interface FlattenOptions {
  /** Resolves a local `$ref` (`#/$defs/x`, `#`) to its target, if known. */
  resolve(ref: string): JsonSchema | undefined;
  /**
   * `exclusive-only`: `oneOf` becomes `anyOf` only when at most one branch can match any value
   * (disjoint types, or a required discriminator with disjoint values); otherwise a problem.
   * `always`: `oneOf` becomes `anyOf` (a wider schema the validator narrows again).
   */
  oneOf: OneOfMode;
  /** Keep `description` beside a `$ref` (else a described `$ref` is expanded one level too). */
  describedRefs?: boolean;
  problems: SchemaProblem[];
}

/**
 * Rewrites composition that provider subsets lack into plain keywords: a `$ref` with validating
 * siblings is expanded one level and merged with them, `allOf` branches are merged into the node,
 * and `oneOf` becomes `anyOf` (see {@link FlattenOptions.oneOf}). Returns `node` itself when it
 * has none of these (never modify the result), else a new node; problems name the path.
 */
export function flattenComposition(node: JsonSchema, path: string, options: FlattenOptions): JsonSchema {
  if (node.$ref === undefined && node.allOf === undefined && node.oneOf === undefined) return node;
  let out: JsonSchema = { ...node };
  const kept = options.describedRefs === false ? BARE_REF : REF_SIBLINGS_KEPT;
  if (typeof out.$ref === 'string' && Object.keys(out).some((k) => !kept.has(k))) {
    const { $ref, ...siblings } = out;
    const target = options.resolve($ref as string);
    if (target) out = merge(siblings, flattenComposition(target, path, options), path, options.problems);
    else options.problems.push({ path, message: `$ref '${String($ref)}' cannot be resolved inside the schema.` });
  }
  if (Array.isArray(out.allOf)) {
    const { allOf, ...rest } = out;
    out = rest;
    (allOf as unknown[]).forEach((branch, i) => {
      if (!isObject(branch)) {
        if (branch === false) options.problems.push({ path: pointer(path, 'allOf', i), message: 'is the false schema (accepts nothing).' });
        return;
      }
      let b = branch as JsonSchema;
      if (typeof b.$ref === 'string') {
        const target = options.resolve(b.$ref);
        if (!target) {
          options.problems.push({ path: pointer(path, 'allOf', i), message: `$ref '${b.$ref}' cannot be resolved inside the schema.` });
          return;
        }
        const { $ref: _ref, ...siblings } = b;
        b = { ...target, ...siblings };
      }
      out = merge(out, flattenComposition(b, pointer(path, 'allOf', i), options), pointer(path, 'allOf', i), options.problems);
    });
  }
  if (Array.isArray(out.oneOf)) {
    const { oneOf, ...rest } = out;
    const branches = oneOf as unknown[];
    if (options.oneOf === 'exclusive-only' && !mutuallyExclusive(branches, options)) {
      options.problems.push({
        path: pointer(path, 'oneOf'),
        message: 'oneOf branches can match the same value, so it cannot become anyOf without accepting values oneOf rejects.',
      });
    }
    out = rest;
    if (Array.isArray(out.anyOf)) {
      // anyOf and oneOf side by side: the node must satisfy both; keep anyOf and say so.
      options.problems.push({ path: pointer(path, 'oneOf'), message: 'oneOf beside anyOf cannot be expressed with anyOf alone.' });
    } else {
      out.anyOf = branches as JsonSchema[];
    }
  }
  return out;
}

function merge(a: JsonSchema, b: JsonSchema, path: string, problems: SchemaProblem[]): JsonSchema {
  const conflicts: string[] = [];
  const merged = mergeSchemas(a, b, conflicts);
  for (const key of new Set(conflicts)) {
    problems.push({ path, message: `allOf branches disagree on '${key}' in a way one schema cannot express.` });
  }
  return merged;
}

function resolved(branch: unknown, options: FlattenOptions): JsonSchema | undefined {
  if (!isObject(branch)) return undefined;
  const b = branch as JsonSchema;
  return typeof b.$ref === 'string' ? options.resolve(b.$ref) : b;
}

function typesOf(schema: JsonSchema): Set<string> | undefined {
  const values = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
  if (values) return new Set(values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v)));
  const raw = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : undefined;
  if (!raw) return undefined;
  return new Set(raw.map((t) => (t === 'integer' ? 'number' : t)));
}

function discriminatorValues(schema: JsonSchema, name: string): unknown[] | undefined {
  if (!Array.isArray(schema.required) || !schema.required.includes(name)) return undefined;
  const property = schema.properties?.[name];
  if (!property) return undefined;
  if (property.const !== undefined) return [property.const];
  return Array.isArray(property.enum) ? property.enum : undefined;
}

/** True when no value can match two branches: disjoint types, or a required discriminator. */
function mutuallyExclusive(branches: unknown[], options: FlattenOptions): boolean {
  const schemas = branches.map((b) => resolved(b, options));
  if (schemas.some((s) => s === undefined)) return false;
  const all = schemas as JsonSchema[];
  const types = all.map(typesOf);
  if (types.every((t) => t !== undefined)) {
    const seen = new Set<string>();
    let disjoint = true;
    for (const set of types as Set<string>[]) {
      for (const t of set) {
        if (seen.has(t)) disjoint = false;
      }
      for (const t of set) seen.add(t);
    }
    if (disjoint) return true;
  }
  const candidates = Object.keys(all[0]?.properties ?? {});
  return candidates.some((name) => {
    const values = all.map((s) => discriminatorValues(s, name));
    if (values.some((v) => v === undefined)) return false;
    const flat = (values as unknown[][]).flat();
    return flat.every((v, i) => flat.findIndex((w) => sameJson(v, w)) === i);
  });
}
