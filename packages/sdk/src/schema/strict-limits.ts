import type { JsonSchema } from './json-schema.js';
import type { SchemaProblem } from './schema-problem.js';

/** The size limits OpenAI documents for strict (Structured Outputs) schemas. */
export const OPENAI_STRICT_LIMITS = {
  /** Object properties in the whole schema. */
  maxProperties: 5000,
  /** Levels of object nesting. */
  maxDepth: 10,
  /** Enum values across all enums. */
  maxEnumValues: 1000,
  /** Characters of all property names, definition names, enum and const values. */
  maxTotalStringLength: 120_000,
  /** An enum with more string values than this… */
  largeEnumValues: 250,
  /** …may total at most this many characters. */
  largeEnumMaxLength: 15_000,
} as const;

interface Tally {
  properties: number;
  enumValues: number;
  stringLength: number;
  depth: number;
}

function walk(node: unknown, depth: number, tally: Tally, problems: SchemaProblem[], path: string): void {
  if (typeof node !== 'object' || node === null) return;
  const s = node as JsonSchema;
  let level = depth;
  if (s.properties) {
    level = depth + 1;
    tally.depth = Math.max(tally.depth, level);
    for (const [name, child] of Object.entries(s.properties)) {
      tally.properties++;
      tally.stringLength += name.length;
      walk(child, level, tally, problems, `${path}/properties/${name}`);
    }
  }
  if (Array.isArray(s.enum)) {
    tally.enumValues += s.enum.length;
    const strings = s.enum.filter((v): v is string => typeof v === 'string');
    const length = strings.reduce((n, v) => n + v.length, 0);
    tally.stringLength += length;
    if (strings.length > OPENAI_STRICT_LIMITS.largeEnumValues && length > OPENAI_STRICT_LIMITS.largeEnumMaxLength) {
      problems.push({ path: `${path}/enum`, message: `has ${strings.length} string values totalling ${length} characters; strict mode allows at most ${OPENAI_STRICT_LIMITS.largeEnumMaxLength} characters when there are more than ${OPENAI_STRICT_LIMITS.largeEnumValues} values.` });
    }
  }
  if (s.items) walk(s.items, level, tally, problems, `${path}/items`);
  if (Array.isArray(s.anyOf)) s.anyOf.forEach((b, i) => walk(b, level, tally, problems, `${path}/anyOf/${i}`));
}

/** Pushes a problem for each documented strict-mode size limit `schema` exceeds. */
export function checkStrictLimits(schema: JsonSchema, problems: SchemaProblem[]): void {
  const tally: Tally = { properties: 0, enumValues: 0, stringLength: 0, depth: 0 };
  walk(schema, 0, tally, problems, '#');
  for (const [name, def] of Object.entries((schema.$defs ?? {}) as Record<string, JsonSchema>)) {
    tally.stringLength += name.length;
    walk(def, 0, tally, problems, `#/$defs/${name}`);
  }
  const L = OPENAI_STRICT_LIMITS;
  if (tally.properties > L.maxProperties) problems.push({ path: '#', message: `has ${tally.properties} object properties; strict mode allows ${L.maxProperties}.` });
  if (tally.depth > L.maxDepth) problems.push({ path: '#', message: `nests objects ${tally.depth} levels deep; strict mode allows ${L.maxDepth}.` });
  if (tally.enumValues > L.maxEnumValues) problems.push({ path: '#', message: `has ${tally.enumValues} enum values; strict mode allows ${L.maxEnumValues}.` });
  if (tally.stringLength > L.maxTotalStringLength) {
    problems.push({ path: '#', message: `has ${tally.stringLength} characters of property names, definition names and enum values; strict mode allows ${L.maxTotalStringLength}.` });
  }
}
