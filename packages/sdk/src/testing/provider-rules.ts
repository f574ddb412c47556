/**
 * The providers' published rules for tool declarations (`toolwright test`, `testTool`, the export
 * corpus tests). Checkers written from the providers' published schema rules, independent of the transforms
 * they check. Each returns one line per violation (`path: what`), empty when the schema follows
 * every rule it encodes.
 *
 * OpenAI strict (Structured Outputs guide, "Supported schemas"): types string, number, boolean,
 * integer, object, array, enum, anyOf; string `pattern` and `format` (date-time, time, date,
 * duration, email, hostname, ipv4, ipv6, uuid); number `multipleOf`, `maximum`,
 * `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; array `minItems`, `maxItems`; root an object
 * and not `anyOf`; all fields required; `additionalProperties: false` on every object; `$defs`
 * and `$ref` (recursion included); at most 5000 properties, 10 levels of nesting, 1000 enum values.
 *
 * Gemini (API reference, `Schema`, "a select subset of an OpenAPI 3.0 schema object"): fields
 * type (required), format (NUMBER float/double, INTEGER int32/int64, STRING enum/date-time),
 * title, description, nullable, enum (strings, for STRING), maxItems, minItems, properties,
 * required, minProperties, maxProperties, minLength, maxLength, pattern, example, anyOf,
 * propertyOrdering, default, items, minimum, maximum; OBJECT needs non-empty properties
 * ("properties: should be non-empty for OBJECT type"); a function without parameters leaves
 * `parameters` unset; parameter names start with a letter or underscore, then letters, digits
 * or underscores, at most 64.
 */
type Node = Record<string, unknown>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

const OPENAI_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const OPENAI_TYPES = new Set(['string', 'number', 'boolean', 'integer', 'object', 'array', 'null']);
const OPENAI_COMMON = new Set(['type', 'description', 'enum', 'const', 'anyOf', '$ref']);
const OPENAI_BY_TYPE: Record<string, string[]> = {
  string: ['pattern', 'format'],
  number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  integer: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'additionalProperties'],
};

function typesOf(node: Node): string[] {
  return Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === 'string' ? [node.type] : [];
}

/** Violations of OpenAI's strict-mode rules in a function's `parameters`. */
export function openAIStrictViolations(schema: unknown): string[] {
  const out: string[] = [];
  if (!isNode(schema)) return ['#: not an object schema'];
  if (schema.anyOf !== undefined) out.push('#: root uses anyOf');
  if (!(typesOf(schema).length === 1 && typesOf(schema)[0] === 'object')) out.push('#: root is not of type object');
  const defs = isNode(schema.$defs) ? schema.$defs : {};
  const tally = { properties: 0, enums: 0, depth: 0 };
  const visit = (node: unknown, path: string, depth: number): void => {
    if (!isNode(node)) return void out.push(`${path}: not a schema object`);
    const types = typesOf(node);
    const allowed = new Set(OPENAI_COMMON);
    for (const t of types) for (const k of OPENAI_BY_TYPE[t] ?? []) allowed.add(k);
    if (path === '#') allowed.add('$defs');
    for (const key of Object.keys(node)) if (!allowed.has(key)) out.push(`${path}: keyword '${key}' not supported${types.length ? ` for ${types.join('/')}` : ''}`);
    for (const t of types) if (!OPENAI_TYPES.has(t)) out.push(`${path}: type '${t}'`);
    if (types.length > 2 || (types.length === 2 && !types.includes('null'))) out.push(`${path}: type list other than [T, "null"]`);
    if (types.length === 0 && node.anyOf === undefined && node.$ref === undefined) out.push(`${path}: no type`);
    if (typeof node.$ref === 'string') {
      const m = /^#\/\$defs\/(.+)$/.exec(node.$ref);
      if (node.$ref !== '#' && !(m && m[1]! in defs)) out.push(`${path}: $ref '${node.$ref}' does not resolve`);
      if (Object.keys(node).some((k) => k !== '$ref')) out.push(`${path}: $ref with siblings`);
    }
    if (typeof node.format === 'string' && !OPENAI_FORMATS.has(node.format)) out.push(`${path}: format '${node.format}' not supported`);
    if (Array.isArray(node.enum)) tally.enums += node.enum.length;
    if (Array.isArray(node.anyOf)) node.anyOf.forEach((b, i) => visit(b, `${path}/anyOf/${i}`, depth));
    if (types.includes('array')) {
      if (node.items === undefined) out.push(`${path}: array without items`);
      else visit(node.items, `${path}/items`, depth);
    }
    if (types.includes('object')) {
      if (node.additionalProperties !== false) out.push(`${path}: additionalProperties is not false`);
      const props = isNode(node.properties) ? node.properties : undefined;
      if (!props) return void out.push(`${path}: object without properties`);
      const names = Object.keys(props);
      const required = Array.isArray(node.required) ? node.required : [];
      if (names.length !== required.length || names.some((n) => !required.includes(n))) out.push(`${path}: required does not list every property`);
      tally.depth = Math.max(tally.depth, depth + 1);
      for (const [name, child] of Object.entries(props)) {
        tally.properties++;
        visit(child, `${path}/properties/${name}`, depth + 1);
      }
    }
  };
  visit(schema, '#', 0);
  for (const [name, def] of Object.entries(defs)) visit(def, `#/$defs/${name}`, 0);
  if (tally.properties > 5000) out.push(`#: ${tally.properties} properties`);
  if (tally.depth > 10) out.push(`#: ${tally.depth} levels of nesting`);
  if (tally.enums > 1000) out.push(`#: ${tally.enums} enum values`);
  return out;
}

const GEMINI_FIELDS = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties',
  'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum',
]);
const GEMINI_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const GEMINI_FORMATS: Record<string, string[]> = { string: ['enum', 'date-time'], number: ['float', 'double'], integer: ['int32', 'int64'] };

/** Violations of Gemini's Schema subset in a function declaration's `parameters`. */
export function geminiViolations(schema: unknown): string[] {
  const out: string[] = [];
  const visit = (node: unknown, path: string): void => {
    if (!isNode(node)) return void out.push(`${path}: not a schema object`);
    for (const key of Object.keys(node)) if (!GEMINI_FIELDS.has(key)) out.push(`${path}: field '${key}' not in the Schema subset`);
    const type = typeof node.type === 'string' ? node.type.toLowerCase() : undefined;
    if (node.type !== undefined && (type === undefined || !GEMINI_TYPES.has(type))) out.push(`${path}: type ${JSON.stringify(node.type)}`);
    if (type === undefined && node.anyOf === undefined) out.push(`${path}: no type`);
    if (node.enum !== undefined && (type !== 'string' || !Array.isArray(node.enum) || node.enum.some((v) => typeof v !== 'string'))) out.push(`${path}: enum that is not of strings on a STRING`);
    if (typeof node.format === 'string' && !(GEMINI_FORMATS[type ?? ''] ?? []).includes(node.format)) out.push(`${path}: format '${node.format}' for ${type}`);
    if (Array.isArray(node.anyOf)) node.anyOf.forEach((b, i) => visit(b, `${path}/anyOf/${i}`));
    if (type === 'array') {
      if (node.items === undefined) out.push(`${path}: ARRAY without items`);
      else visit(node.items, `${path}/items`);
    }
    if (type === 'object') {
      const props = isNode(node.properties) ? node.properties : {};
      if (Object.keys(props).length === 0) out.push(`${path}: properties should be non-empty for OBJECT type`);
      const required = Array.isArray(node.required) ? node.required : [];
      for (const name of required) if (!(String(name) in props)) out.push(`${path}: required '${String(name)}' is not a property`);
      for (const [name, child] of Object.entries(props)) visit(child, `${path}/properties/${name}`);
    }
  };
  if (schema !== undefined) visit(schema, '#');
  // FunctionDeclaration.parameters: "Parameter names must start with a letter or an underscore and must only contain chars a-z, A-Z, 0-9, or underscores with a maximum length of 64."
  for (const name of Object.keys(isNode(schema) && isNode(schema.properties) ? schema.properties : {})) {
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) out.push(`#/properties/${name}: parameter name not allowed`);
  }
  return out;
}

/** Violations of Anthropic's rule for `input_schema` (a JSON Schema object whose type is object). */
export function anthropicViolations(schema: unknown): string[] {
  return isNode(schema) && schema.type === 'object' ? [] : ['#: input_schema is not of type object'];
}


/** OpenAI function names (Chat Completions and Responses): letters, digits, underscores and dashes, at most 64. */
export const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Anthropic tool names (`name` of a client tool): `^[a-zA-Z0-9_-]{1,64}$`. */
export const ANTHROPIC_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Gemini function names: start with a letter or an underscore; letters, digits, underscores, dots, colons and dashes; at most 64. */
export const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
/** MCP tool names (specification 2025-11-25, "Tool names"): 1 to 128 of letters, digits, `_`, `-` and `.`. */
export const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** The export formats {@link exportViolations} checks. */
export type CheckedFormat = 'openai' | 'openai-strict' | 'responses' | 'anthropic' | 'gemini' | 'mcp';

/** One export format's violations of its provider's rules. */
export interface ExportViolations {
  readonly format: CheckedFormat;
  /** `path: what` per violation; empty when the export follows every rule checked. */
  readonly violations: string[];
}

/** The parts of a tool {@link exportViolations} reads (a `ToolDefinition` has them). */
export interface CheckableTool {
  readonly name: string;
  readonly description: string;
  toOpenAITool(options?: { strict?: boolean | 'auto'; onWarning?: (warning: { message: string }) => void }): { function: { name: string; description: string; parameters: unknown; strict?: boolean } };
  toResponsesTool(options?: { strict?: boolean | 'auto' }): { name: string; description: string; parameters: unknown; strict?: boolean };
  toAnthropicTool(): { name: string; description: string; input_schema: unknown };
  toGeminiTool(options?: { onWarning?: (warning: { message: string }) => void }): { name: string; description: string; parameters?: unknown } | undefined;
  toMcpTool(): { name: string; description?: string; inputSchema: unknown };
}

function nameAndDescription(tool: CheckableTool, exported: { name: string; description?: string }, pattern: RegExp, rule: string): string[] {
  const out: string[] = [];
  if (!pattern.test(exported.name)) out.push(`name: '${exported.name}' does not match ${rule}`);
  if (exported.description === undefined || exported.description.trim() === '') out.push('description: missing or empty (the model chooses tools by it)');
  else if (exported.description !== tool.description) out.push('description: differs from the tool\'s (truncated or rewritten by the export)');
  else if (/(\.\.\.|…)\s*$/.test(exported.description)) out.push('description: ends with an ellipsis (truncated at the source)');
  return out;
}

/**
 * Checks every provider export of `tool` against the provider's published rules: name pattern
 * and length, description present and whole, and the schema keywords each accepts (OpenAI strict
 * when the tool exports strict under `strict: 'auto'`, OpenAI non-strict and Responses, Anthropic,
 * Gemini (a tool Gemini cannot call is left out by the export, with a warning, and is not a
 * violation), MCP). An export that throws is a violation naming its error.
 */
export function exportViolations(tool: CheckableTool): ExportViolations[] {
  const run = (format: CheckedFormat, check: () => string[]): ExportViolations => {
    try {
      return { format, violations: check() };
    } catch (error) {
      return { format, violations: [`export failed: ${error instanceof Error ? error.message : String(error)}`] };
    }
  };
  return [
    run('openai', () => {
      const fn = tool.toOpenAITool().function;
      const schema = fn.parameters;
      return [...nameAndDescription(tool, fn, OPENAI_NAME, OPENAI_NAME.source), ...(isNode(schema) && schema.type === 'object' ? [] : ['parameters: not an object schema'])];
    }),
    run('openai-strict', () => {
      const fn = tool.toOpenAITool({ strict: 'auto', onWarning: () => undefined }).function;
      return fn.strict === true ? [...nameAndDescription(tool, fn, OPENAI_NAME, OPENAI_NAME.source), ...openAIStrictViolations(fn.parameters).map((v) => `parameters${v.slice(1)}`)] : [];
    }),
    run('responses', () => {
      const chat = tool.toOpenAITool({ strict: 'auto', onWarning: () => undefined }).function;
      const responses = tool.toResponsesTool({ strict: 'auto' });
      const out = nameAndDescription(tool, responses, OPENAI_NAME, OPENAI_NAME.source);
      if (responses.strict === true) out.push(...openAIStrictViolations(responses.parameters).map((v) => `parameters${v.slice(1)}`));
      if ((responses.strict === true) !== (chat.strict === true)) out.push('strict: differs from the Chat Completions export');
      return out;
    }),
    run('anthropic', () => {
      const t = tool.toAnthropicTool();
      return [...nameAndDescription(tool, t, ANTHROPIC_NAME, ANTHROPIC_NAME.source), ...anthropicViolations(t.input_schema).map((v) => `input_schema${v.slice(1)}`)];
    }),
    run('gemini', () => {
      const declaration = tool.toGeminiTool({ onWarning: () => undefined });
      if (declaration === undefined) return [];
      return [...nameAndDescription(tool, declaration, GEMINI_NAME, GEMINI_NAME.source), ...geminiViolations(declaration.parameters).map((v) => `parameters${v.slice(1)}`)];
    }),
    run('mcp', () => {
      const t = tool.toMcpTool();
      return [...nameAndDescription(tool, t, MCP_NAME, MCP_NAME.source), ...(isNode(t.inputSchema) && t.inputSchema.type === 'object' ? [] : ['inputSchema: not of type object'])];
    }),
  ];
}
