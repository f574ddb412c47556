/** A JSON Schema as the page reads it (plain JSON from the server). */
export type Schema = Record<string, unknown>;

/** The form control a schema gets. */
export type FieldKind = 'enum' | 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'json';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Joins path segments as the validator does (`a.b[2].c`, `a["x-y"]`), so its issues find their field. */
export function joinPath(base: string, segment: string | number): string {
  if (typeof segment === 'number' || /^\d+$/.test(segment)) return `${base}[${segment}]`;
  if (!IDENTIFIER.test(segment)) return `${base}[${JSON.stringify(segment)}]`;
  return base === '' ? segment : `${base}.${segment}`;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `schema` with a local `$ref` (`#/$defs/X`, `#/definitions/X`) followed, and a nullable `anyOf`/`oneOf` of one type unwrapped. */
export function resolveSchema(schema: unknown, root: Schema, depth = 0): Schema {
  if (!isSchema(schema)) return {};
  if (depth > 20) return schema;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) target = isSchema(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    const { $ref: _ref, ...rest } = schema;
    return { ...resolveSchema(target, root, depth + 1), ...rest };
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const real = options.filter((option) => !(isSchema(option) && option.type === 'null'));
      if (real.length === 1) {
        const { [key]: _options, ...rest } = schema;
        return { ...resolveSchema(real[0], root, depth + 1), ...rest };
      }
    }
  }
  return schema;
}

/** The one JSON type a schema names (`null` left out of a type list), if it names one. */
function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const real = type.filter((t) => t !== 'null');
    return real.length === 1 && typeof real[0] === 'string' ? real[0] : undefined;
  }
  if (isSchema(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/** Which control edits a value of `schema` (`json`: a JSON text box, for what a form cannot spell out). */
export function fieldKind(schema: Schema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) return 'enum';
  const type = typeOf(schema);
  switch (type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
    case 'array':
      return type;
    case 'object':
      return isSchema(schema.properties) && Object.keys(schema.properties).length > 0 ? 'object' : 'json';
    default:
      return 'json';
  }
}

/** The properties of an object schema, in order, and which are required. */
export function propertiesOf(schema: Schema): { name: string; schema: unknown; required: boolean }[] {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  return Object.entries(properties).map(([name, property]) => ({ name, schema: property, required: required.includes(name) }));
}

/** A starting value for a new array item or an added optional object. */
export function initialValue(schema: Schema, root: Schema): unknown {
  const resolved = resolveSchema(schema, root);
  if (resolved.default !== undefined) return resolved.default;
  switch (fieldKind(resolved)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const property of propertiesOf(resolved)) {
        if (property.required) out[property.name] = initialValue(property.schema as Schema, root);
      }
      return out;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'enum':
      return (resolved.enum as unknown[])[0];
    case 'string':
      return '';
    default:
      return undefined;
  }
}

/** A short readable type of a schema (`string`, `array of object`, `"a" | "b"`). */
export function describeType(schema: unknown, root: Schema, depth = 0): string {
  const resolved = resolveSchema(schema, root);
  if (Array.isArray(resolved.enum)) return resolved.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (resolved.const !== undefined) return JSON.stringify(resolved.const);
  const type = typeOf(resolved);
  if (type === 'array' && depth < 3) return `array of ${describeType(resolved.items, root, depth + 1)}`;
  if (type) return Array.isArray(resolved.type) && resolved.type.includes('null') ? `${type} or null` : type;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = resolved[key];
    if (Array.isArray(options) && depth < 3) return options.map((option) => describeType(option, root, depth + 1)).join(' | ');
  }
  return 'any JSON';
}

/** The constraints worth showing next to a field (`min 1`, `pattern ^a`). */
export function constraintsOf(schema: Schema): string[] {
  const out: string[] = [];
  const show: [string, string][] = [
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['exclusiveMinimum', '>'],
    ['exclusiveMaximum', '<'],
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['pattern', 'pattern'],
    ['format', 'format'],
  ];
  for (const [key, label] of show) {
    const value = schema[key];
    if (typeof value === 'number' || typeof value === 'string') out.push(`${label} ${String(value)}`);
  }
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}
