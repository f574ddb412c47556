import type { JsonSchema, JsonSchemaType } from './json-schema.js';
import type { ConstraintRecord } from './class-metadata.js';
import { formatOfRule } from './format-rules.js';

/** What a class-validator rule says about the JSON type of a value. */
export type TypeHint = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'enum';

/** Rules that name the value's type. */
export const TYPE_RULES: Readonly<Record<string, TypeHint>> = {
  isString: 'string',
  isNumber: 'number',
  isInt: 'integer',
  isBoolean: 'boolean',
  isArray: 'array',
  isObject: 'object',
  isEnum: 'enum',
  isIn: 'enum',
};

/** Rules fully expressed by the JSON Schema (so class-validator need not run for them). */
const SCHEMA_RULES = new Set([
  ...Object.keys(TYPE_RULES),
  'isOptional',
  'isDefined',
  'isNotEmpty',
  'minLength',
  'maxLength',
  'isLength',
  'min',
  'max',
  'isPositive',
  'isNegative',
  'isDivisibleBy',
  'matches',
  'arrayMinSize',
  'arrayMaxSize',
  'arrayNotEmpty',
  'arrayUnique',
  'equals',
  'isNotEmptyObject',
]);

/** True when the rule has a JSON Schema equivalent we generate. */
export function isSchemaRule(record: ConstraintRecord): boolean {
  if (record.type === 'conditionalValidation') return record.name === 'isOptional';
  if (record.type === 'nestedValidation' || record.type === 'isDefined' || record.type === 'whitelist') return true;
  if (record.type !== 'customValidation' || !record.name) return false;
  return SCHEMA_RULES.has(record.name);
}

/** The enum values a rule allows, when it is `isIn` or `isEnum`. */
export function enumValuesOf(record: ConstraintRecord): unknown[] | undefined {
  if (record.name === 'isIn') return record.constraints?.[0] as unknown[];
  if (record.name === 'isEnum') return record.constraints?.[1] as unknown[];
  return undefined;
}

/** The JSON type of a list of enum values (`undefined` when mixed). */
export function enumType(values: readonly unknown[]): JsonSchemaType | undefined {
  if (values.every((v) => typeof v === 'string')) return 'string';
  if (values.every((v) => typeof v === 'number' && Number.isInteger(v))) return 'integer';
  if (values.every((v) => typeof v === 'number')) return 'number';
  if (values.every((v) => typeof v === 'boolean')) return 'boolean';
  return undefined;
}

function toPattern(value: unknown): string {
  if (value instanceof RegExp) return value.source;
  return String(value);
}

/** Flags a `@Matches` pattern uses that JSON Schema cannot express, if any. */
export function unsupportedPatternFlags(record: ConstraintRecord): string | undefined {
  if (record.name !== 'matches') return undefined;
  const [pattern, modifiers] = record.constraints ?? [];
  const flags = (pattern instanceof RegExp ? pattern.flags : '') + (typeof modifiers === 'string' ? modifiers : '');
  const bad = flags.replace(/[gu]/g, '');
  return bad === '' ? undefined : bad;
}

/**
 * Applies a non-type rule to `schema` (the value's schema, or its items' schema for `each`
 * rules). Array-size rules always apply to `arraySchema`.
 */
export function applyRule(record: ConstraintRecord, schema: JsonSchema, arraySchema: JsonSchema | undefined): void {
  const c = record.constraints ?? [];
  const num = (i: number): number => Number(c[i]);
  switch (record.name) {
    case 'minLength':
      schema.minLength = num(0);
      break;
    case 'maxLength':
      schema.maxLength = num(0);
      break;
    case 'isLength':
      schema.minLength = num(0);
      if (c[1] !== undefined) schema.maxLength = num(1);
      break;
    case 'isNotEmpty':
      if (schema.type === 'string') schema.minLength = Math.max(1, schema.minLength ?? 0);
      break;
    case 'min':
      schema.minimum = num(0);
      break;
    case 'max':
      schema.maximum = num(0);
      break;
    case 'isPositive':
      schema.exclusiveMinimum = 0;
      break;
    case 'isNegative':
      schema.exclusiveMaximum = 0;
      break;
    case 'isDivisibleBy':
      schema.multipleOf = num(0);
      break;
    case 'matches':
      schema.pattern = toPattern(c[0]);
      break;
    case 'equals':
      schema.const = c[0];
      break;
    case 'isNotEmptyObject':
      schema.minProperties = 1;
      break;
    case 'arrayMinSize':
      if (arraySchema) arraySchema.minItems = num(0);
      break;
    case 'arrayMaxSize':
      if (arraySchema) arraySchema.maxItems = num(0);
      break;
    case 'arrayNotEmpty':
      if (arraySchema) arraySchema.minItems = Math.max(1, arraySchema.minItems ?? 0);
      break;
    case 'arrayUnique':
      if (arraySchema) arraySchema.uniqueItems = true;
      break;
    default: {
      // Format rules (IsEmail, IsUrl…) are checked by class-validator's own functions; the format is an annotation.
      const format = formatOfRule(record);
      if (format) schema.format = format;
    }
  }
}
