import type { JsonSchema } from '../schema/json-schema.js';
import { joinPath } from '../schema/validation-issue.js';

/** Arguments the schema accepts, and why they were generated. */
export interface ValidCase {
  /** What the case exercises (`path: what`). */
  readonly label: string;
  /** The arguments object. */
  readonly input: Record<string, unknown>;
}

/** Arguments the schema refuses because of exactly one thing, at `path`. */
export interface InvalidCase {
  /** What the case violates (`path: what`). */
  readonly label: string;
  /** The arguments. */
  readonly input: unknown;
  /** The path the refusal must name (`tags[1].name`), as the model has to fix it. */
  readonly path: string;
}

/** The cases {@link generateCases} derived from a schema. */
export interface GeneratedCases {
  readonly valid: ValidCase[];
  readonly invalid: InvalidCase[];
  /** Paths whose constraints the generator does not model (`pattern`, `not`, `oneOf`…): fewer cases there. */
  readonly unmodelled: string[];
}

/** Options of {@link generateCases}. */
export interface GenerateCasesOptions {
  /** Most valid cases and most invalid cases kept (each; default 200). */
  maxCases?: number;
}

type Node = Record<string, unknown>;
interface Sample {
  label: string;
  value: unknown;
}
interface Break {
  label: string;
  value: unknown;
  path: string;
}

/** Keywords that constrain values in ways the generator does not model; a node carrying one is opaque. */
const UNMODELLED = [
  'pattern', 'not', 'if', 'then', 'else', 'allOf', 'oneOf', 'patternProperties', 'dependentRequired', 'dependentSchemas', 'dependencies',
  'propertyNames', 'contains', 'minContains', 'maxContains', 'prefixItems', 'minProperties', 'maxProperties', 'unevaluatedProperties',
  'unevaluatedItems', 'additionalItems',
];
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z', date: '2024-01-02', time: '03:04:05Z', email: 'someone@example.com', uri: 'https://example.com/a',
  url: 'https://example.com/a', 'uri-reference': '/a/b', uuid: '123e4567-e89b-12d3-a456-426614174000', ipv4: '192.0.2.1', ipv6: '2001:db8::1',
  hostname: 'example.com', duration: 'P1D',
};
/** Four code points, one outside the Basic Multilingual Plane (two UTF-16 units). */
const UNICODE = 'é✓日😀';
const UNKNOWN_FIELD = '__unknown_field__';
const MAX_FILL = 10_000;
const MAX_REF_DEPTH = 3;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const codePoints = (s: string): number => [...s].length;
/** The path the validator names (`a.b[2].c`, `headers["Content-Type"]`). */
const child = (path: string, name: string): string => joinPath(path, name);
const typeOfValue = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v);

/**
 * Derives argument cases from a tool's input schema (an object schema): valid ones (every optional
 * field present and absent, the boundaries of each length, size and numeric constraint, every enum
 * value, nested objects and arrays, unicode, empty strings where allowed) and invalid ones, each
 * breaking one thing (a constraint just past its boundary, a wrong type, an unknown field where
 * `additionalProperties` is false, a missing required field) with the path the refusal must name.
 * Constraints it does not model (`pattern`, `oneOf`, `not`…) are listed in `unmodelled`; there it
 * uses the schema's own `examples`/`default`, or leaves optional fields out.
 */
export function generateCases(schema: JsonSchema, options: GenerateCasesOptions = {}): GeneratedCases {
  const max = options.maxCases ?? 200;
  const root = schema as Node;
  const unmodelled = new Set<string>();

  const resolve = (node: Node, depth: number): { node: Node; depth: number } | undefined => {
    if (typeof node.$ref !== 'string') return { node, depth };
    if (depth >= MAX_REF_DEPTH) return undefined;
    const ref = node.$ref;
    if (ref === '#') return { node: root, depth: depth + 1 };
    const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    const defs = m ? root[m[1]!] : undefined;
    const target = m && isNode(defs) ? defs[decodeURIComponent(m[2]!)] : undefined;
    return isNode(target) ? resolve(target, depth + 1) : undefined;
  };

  const typesOf = (node: Node): string[] => {
    const declared = Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : [];
    return node.nullable === true && declared.length > 0 && !declared.includes('null') ? [...declared, 'null'] : declared;
  };

  const opaque = (node: Node): boolean => UNMODELLED.some((k) => k in node) || (Array.isArray(node.anyOf) && ('type' in node || 'properties' in node)) || Array.isArray(node.items);

  const fromAnnotations = (node: Node): Sample[] => {
    const out: Sample[] = [];
    if (Array.isArray(node.examples)) node.examples.forEach((v, i) => out.push({ label: `example ${i + 1}`, value: v }));
    if ('default' in node) out.push({ label: 'default', value: node.default });
    return out;
  };

  /** Valid values of `node`, the first the simplest; `undefined` when none can be derived. */
  const samples = (raw: Node, path: string, depth: number): Sample[] | undefined => {
    const resolved = resolve(raw, depth);
    if (!resolved) return undefined;
    const { node } = resolved;
    depth = resolved.depth;
    if ('const' in node) return [{ label: 'the const value', value: node.const }];
    if (Array.isArray(node.enum)) return node.enum.filter((v) => typesOf(node).length === 0 || typesOf(node).some((t) => t === typeOfValue(v) || (t === 'number' && typeof v === 'number'))).map((v) => ({ label: `enum ${JSON.stringify(v)}`, value: v }));
    if (opaque(node)) {
      unmodelled.add(path || '(root)');
      const given = fromAnnotations(node);
      return given.length > 0 ? given : undefined;
    }
    if (Array.isArray(node.anyOf)) {
      const all = node.anyOf.flatMap((branch, i) => (isNode(branch) ? (samples(branch, path, depth) ?? []).map((s) => ({ label: `anyOf ${i}: ${s.label}`, value: s.value })) : []));
      return all.length > 0 ? all : undefined;
    }
    const types = typesOf(node);
    if (types.length === 0) return [{ label: 'any value', value: 'x' }];
    const all = types.flatMap((t) => samplesOfType(node, t, path, depth) ?? []);
    return all.length > 0 ? all : undefined;
  };

  const samplesOfType = (node: Node, type: string, path: string, depth: number): Sample[] | undefined => {
    switch (type) {
      case 'string':
        return stringSamples(node);
      case 'number':
      case 'integer':
        return numberSamples(node, type === 'integer');
      case 'boolean':
        return [{ label: 'true', value: true }, { label: 'false', value: false }];
      case 'null':
        return [{ label: 'null', value: null }];
      case 'array':
        return arraySamples(node, path, depth);
      case 'object':
        return objectSamples(node, path, depth);
      default:
        return undefined;
    }
  };

  const stringSamples = (node: Node): Sample[] | undefined => {
    if (typeof node.format === 'string') {
      const sample = FORMAT_SAMPLES[node.format];
      return sample === undefined ? fromAnnotations(node) : [{ label: `format ${node.format}`, value: sample }];
    }
    const min = typeof node.minLength === 'number' ? node.minLength : 0;
    const maxLen = typeof node.maxLength === 'number' ? node.maxLength : undefined;
    const fits = (n: number): boolean => n >= min && (maxLen === undefined || n <= maxLen);
    const out: Sample[] = [];
    const add = (label: string, value: string): void => void (fits(codePoints(value)) && !out.some((s) => s.value === value) && out.push({ label, value }));
    add('a short string', 'value');
    if (min > 0 && min <= MAX_FILL) add(`minLength ${min}`, 'a'.repeat(min));
    if (maxLen !== undefined && maxLen <= MAX_FILL) add(`maxLength ${maxLen}`, 'a'.repeat(maxLen));
    add('empty string', '');
    add('unicode', UNICODE);
    if (maxLen !== undefined && maxLen >= 1 && maxLen <= MAX_FILL) add(`maxLength ${maxLen} ending in an astral character`, 'a'.repeat(maxLen - 1) + '😀');
    if (out.length === 0 && min <= MAX_FILL) add(`minLength ${min}`, 'a'.repeat(min));
    return out.length > 0 ? out : undefined;
  };

  const numberBounds = (node: Node, integer: boolean): { lo?: number; hi?: number; step?: number } => {
    const step = typeof node.multipleOf === 'number' && node.multipleOf > 0 ? node.multipleOf : undefined;
    const unit = step ?? (integer ? 1 : undefined);
    let lo: number | undefined;
    let hi: number | undefined;
    const exMin = node.exclusiveMinimum === true ? node.minimum : node.exclusiveMinimum;
    const exMax = node.exclusiveMaximum === true ? node.maximum : node.exclusiveMaximum;
    if (typeof node.minimum === 'number' && node.exclusiveMinimum !== true) lo = node.minimum;
    if (typeof exMin === 'number') lo = Math.max(lo ?? -Infinity, unit ? Math.floor(exMin / unit) * unit + unit : exMin + 0.5);
    if (typeof node.maximum === 'number' && node.exclusiveMaximum !== true) hi = node.maximum;
    if (typeof exMax === 'number') hi = Math.min(hi ?? Infinity, unit ? Math.ceil(exMax / unit) * unit - unit : exMax - 0.5);
    if (unit !== undefined && lo !== undefined) lo = Math.ceil(lo / unit) * unit;
    if (unit !== undefined && hi !== undefined) hi = Math.floor(hi / unit) * unit;
    return { lo, hi, step };
  };

  const numberSamples = (node: Node, integer: boolean): Sample[] | undefined => {
    const { lo, hi, step } = numberBounds(node, integer);
    const ok = (n: number): boolean => (lo === undefined || n >= lo) && (hi === undefined || n <= hi) && (!integer || Number.isInteger(n)) && (step === undefined || Number.isInteger(n / step));
    const out: Sample[] = [];
    const add = (label: string, value: number | undefined): void => void (value !== undefined && ok(value) && !out.some((s) => s.value === value) && out.push({ label, value }));
    add('lower bound', lo);
    add('upper bound', hi);
    add('zero', 0);
    add('one', 1);
    add('a negative value', -1);
    if (!integer && step === undefined) add('a fraction', 1.5);
    return out.length > 0 ? out : undefined;
  };

  const arraySamples = (node: Node, path: string, depth: number): Sample[] | undefined => {
    const items = isNode(node.items) ? node.items : {};
    const itemSamples = samples(items, `${path}[0]`, depth) ?? [];
    const min = typeof node.minItems === 'number' ? node.minItems : 0;
    const maxItems = typeof node.maxItems === 'number' ? node.maxItems : undefined;
    const unique = node.uniqueItems === true;
    const filled = (n: number): unknown[] | undefined => {
      if (n === 0) return [];
      if (itemSamples.length === 0 || n > 50) return undefined;
      if (!unique) return Array.from({ length: n }, () => itemSamples[0]!.value);
      const distinct = [...new Map(itemSamples.map((s) => [JSON.stringify(s.value), s.value])).values()];
      return distinct.length >= n ? distinct.slice(0, n) : undefined;
    };
    const base = filled(min);
    if (!base) return undefined;
    const out: Sample[] = [{ label: min > 0 ? `minItems ${min}` : 'empty array', value: base }];
    if (min <= 1 && (maxItems === undefined || maxItems >= 1)) for (const s of itemSamples) out.push({ label: `one item: ${s.label}`, value: [s.value] });
    else if (min > 1) for (const s of itemSamples.slice(1)) if (!unique) out.push({ label: `first item: ${s.label}`, value: [s.value, ...base.slice(1)] });
    if (maxItems !== undefined && maxItems > min) {
      const most = filled(maxItems);
      if (most) out.push({ label: `maxItems ${maxItems}`, value: most });
    }
    return out;
  };

  const objectSamples = (node: Node, path: string, depth: number): Sample[] | undefined => {
    const props = isNode(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    const base: Record<string, unknown> = {};
    const each = new Map<string, Sample[]>();
    for (const [name, sub] of Object.entries(props)) {
      const got = isNode(sub) ? samples(sub, child(path, name), depth) : undefined;
      if (got && got.length > 0) each.set(name, got);
      if (required.has(name)) {
        if (!got || got.length === 0) return undefined;
        base[name] = got[0]!.value;
      }
    }
    for (const name of required) if (!(name in props)) base[name] = 'value';
    const out: Sample[] = [{ label: 'required fields only', value: base }];
    const optional = [...each.keys()].filter((n) => !required.has(n));
    if (optional.length > 0) out.push({ label: 'every optional field present', value: { ...base, ...Object.fromEntries(optional.map((n) => [n, each.get(n)![0]!.value])) } });
    for (const [name, got] of each) {
      for (const [i, s] of got.entries()) {
        if (i === 0 && required.has(name)) continue;
        out.push({ label: `${child(path, name)}: ${s.label}`, value: { ...base, [name]: s.value } });
      }
    }
    return out;
  };

  /** Values of `node` that break one thing, with the path the refusal must name. */
  const breaks = (raw: Node, path: string, depth: number): Break[] => {
    const resolved = resolve(raw, depth);
    if (!resolved) return [];
    const { node } = resolved;
    depth = resolved.depth;
    const out: Break[] = [];
    const types = typesOf(node);
    const allowed = (t: string): boolean => types.includes(t) || (t === 'integer' && types.includes('number'));
    const wrong = (): void => {
      if (types.length === 0) return;
      const candidates: [string, unknown][] = [['string', 'not the right type'], ['integer', 42], ['boolean', true], ['object', { a: 1 }]];
      const pick = candidates.find(([t]) => !allowed(t) && !(t === 'object' && 'anyOf' in node));
      if (pick && path !== '') out.push({ label: `${path || '(root)'}: wrong type (${pick[0]})`, value: pick[1], path });
    };
    if ('const' in node || Array.isArray(node.enum)) {
      wrong();
      const first = 'const' in node ? node.const : (node.enum as unknown[])[0];
      if (typeof first === 'string') out.push({ label: `${path}: a string outside the ${'const' in node ? 'const' : 'enum'}`, value: '__not_one_of_the_values__', path });
      return out;
    }
    if (Array.isArray(node.anyOf) || opaque(node)) return wrong(), out;
    wrong();
    if (types.includes('string') && types.every((t) => t === 'string' || t === 'null')) {
      if (typeof node.format !== 'string') {
        const min = typeof node.minLength === 'number' ? node.minLength : 0;
        if (min > 0 && min <= MAX_FILL) out.push({ label: `${path}: shorter than minLength ${min}`, value: 'a'.repeat(min - 1), path });
        if (typeof node.maxLength === 'number' && node.maxLength < MAX_FILL) {
          out.push({ label: `${path}: longer than maxLength ${node.maxLength}`, value: 'a'.repeat(node.maxLength + 1), path });
          if (node.maxLength >= 1) out.push({ label: `${path}: maxLength ${node.maxLength} + 1 with astral characters`, value: '😀'.repeat(node.maxLength + 1), path });
        }
      }
    }
    const numeric = types.find((t) => t === 'integer' || t === 'number');
    if (numeric && types.every((t) => t === numeric || t === 'null')) {
      const integer = numeric === 'integer';
      const { lo, hi, step } = numberBounds(node, integer);
      const unit = step ?? (integer ? 1 : 0.5);
      if (lo !== undefined) out.push({ label: `${path}: below the lower bound ${lo}`, value: lo - unit, path });
      if (hi !== undefined) out.push({ label: `${path}: above the upper bound ${hi}`, value: hi + unit, path });
      const start = lo ?? (hi !== undefined ? hi - unit : 0);
      if (integer && step === undefined) out.push({ label: `${path}: not an integer`, value: start + 0.5, path });
      if (step !== undefined && (hi === undefined || start + step / 2 <= hi)) out.push({ label: `${path}: not a multiple of ${step}`, value: start + step / 2, path });
    }
    if (types.length === 1 && types[0] === 'array') {
      const items = isNode(node.items) ? node.items : {};
      const base = (samples(node, path, depth) ?? [])[0]?.value as unknown[] | undefined;
      const min = typeof node.minItems === 'number' ? node.minItems : 0;
      const item = (samples(items, `${path}[0]`, depth) ?? [])[0];
      if (base && min > 0 && node.uniqueItems !== true) out.push({ label: `${path}: fewer than minItems ${min}`, value: base.slice(1), path });
      if (item && typeof node.maxItems === 'number' && node.maxItems < 50 && node.uniqueItems !== true) out.push({ label: `${path}: more than maxItems ${node.maxItems}`, value: Array.from({ length: node.maxItems + 1 }, () => item.value), path });
      if (base && (node.maxItems === undefined || (node.maxItems as number) >= 1)) {
        for (const b of breaks(items, `${path}[0]`, depth)) out.push({ label: b.label, value: [b.value, ...base.slice(1)], path: b.path });
      }
    }
    if (types.length === 1 && types[0] === 'object') {
      const base = (samples(node, path, depth) ?? [])[0]?.value as Record<string, unknown> | undefined;
      if (!base) return out;
      const props = isNode(node.properties) ? node.properties : {};
      for (const name of Array.isArray(node.required) ? node.required.map(String) : []) {
        const { [name]: _dropped, ...rest } = base;
        out.push({ label: `${child(path, name)}: required field missing`, value: rest, path: child(path, name) });
      }
      if (node.additionalProperties === false && !(UNKNOWN_FIELD in props)) out.push({ label: `${child(path, UNKNOWN_FIELD)}: unknown field`, value: { ...base, [UNKNOWN_FIELD]: 1 }, path: child(path, UNKNOWN_FIELD) });
      for (const [name, sub] of Object.entries(props)) {
        if (!isNode(sub)) continue;
        for (const b of breaks(sub, child(path, name), depth)) out.push({ label: b.label, value: { ...base, [name]: b.value }, path: b.path });
      }
    }
    return out;
  };

  const valid = (samples(root, '', 0) ?? []).filter((s) => isNode(s.value)).map((s) => ({ label: s.label, input: s.value as Record<string, unknown> }));
  const invalid = breaks(root, '', 0);
  const seen = new Set<string>();
  const unique = <T extends { input: unknown }>(list: T[]): T[] =>
    list.filter((c) => {
      const key = JSON.stringify(c.input);
      return seen.has(key) ? false : (seen.add(key), true);
    });
  return {
    valid: unique(valid).slice(0, max),
    invalid: unique(invalid.map((b) => ({ label: b.label, input: b.value, path: b.path }))).slice(0, max),
    unmodelled: [...unmodelled],
  };
}
