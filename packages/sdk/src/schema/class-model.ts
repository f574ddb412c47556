import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { constraintsOf, designTypeOf, transformerTypeOf } from './class-metadata.js';
import type { ConstraintRecord } from './class-metadata.js';
import { applyRule, enumType, enumValuesOf, isSchemaRule, TYPE_RULES, unsupportedPatternFlags } from './constraint-mapping.js';
import type { TypeHint } from './constraint-mapping.js';
import type { JsonSchema, JsonSchemaType } from './json-schema.js';
import { deepFreeze } from './deep-freeze.js';
import { FORMAT_RULES, isFormatRule } from './format-rules.js';
import type { FormatRule } from './format-rules.js';
import { appendHint } from './schema-hint.js';
import { classOptionsOf, fieldOptionsOf } from './metadata-store.js';
import type { AnyClass, FieldOptions } from './metadata-store.js';
import { orderSchemaKeys } from './order-schema-keys.js';
import { initialValuesOf } from './initial-values.js';

/** One property of a declared class, as the schema, validator and hydrator see it. */
export interface FieldModel {
  /** The TypeScript property name. */
  readonly tsName: string;
  /** The model-facing name. */
  readonly wireName: string;
  /** May be absent. */
  readonly optional: boolean;
  /** May be `null`. */
  readonly nullable: boolean;
  /** The value's self-contained JSON Schema. */
  readonly schema: JsonSchema;
  /** Nested declared class (of the value, or of each element when `isArray`). */
  readonly nested?: ClassModel;
  /** The value is an array (of `nested` when set). */
  readonly isArray: boolean;
  /** Declared default, applied when absent. */
  readonly hasDefault: boolean;
  readonly defaultValue?: unknown;
  /** Rules checked with class-validator's own functions (IsEmail, IsUrl…), after the schema check. */
  readonly checks: readonly FieldCheck[];
  /** `schema` as ajv checks it: without the format annotations that `checks` decide. */
  readonly validationSchema: JsonSchema;
}

/** One class-validator format rule on a field, with the decorator's options. */
export interface FieldCheck {
  readonly rule: FormatRule;
  readonly constraints: readonly unknown[];
  /** Applies to each element of an array. */
  readonly each: boolean;
  /** What it accepts, as a noun phrase (`a URL: protocol https`). */
  readonly expected: string;
}

/** A declared class read once: its fields, its schema, and whether class-validator must also run. */
export interface ClassModel {
  readonly cls: AnyClass;
  readonly fields: readonly FieldModel[];
  /** The object's self-contained JSON Schema. */
  readonly schema: JsonSchema;
  /** Some rule has no JSON Schema equivalent, so class-validator runs after the schema check. */
  readonly needsClassValidator: boolean;
  /** Wire names of optional, non-nullable fields (a `null` there means "absent"). */
  readonly nullMeansAbsent: readonly string[];
  /** `schema` as ajv checks it (the same object unless a field, at any depth, has format checks). */
  readonly validationSchema: JsonSchema;
  /** Some field, at any depth, has format checks. */
  readonly hasChecks: boolean;
}

const models = new WeakMap<AnyClass, ClassModel>();
const NO_CHECKS: readonly FieldCheck[] = Object.freeze([]);
const building = new Set<AnyClass>();

function definitionError(cls: AnyClass, property: string | undefined, problem: string): ToolwrightError {
  const where = property ? `${cls.name}.${property}` : cls.name;
  return new ToolwrightError({
    code: ErrorCode.INVALID_DEFINITION,
    message: `Invalid declaration ${where}: ${problem}`,
    details: { class: cls.name, property },
  });
}

const PRIMITIVES = new Map<unknown, JsonSchemaType>([
  [String, 'string'],
  [Number, 'number'],
  [Boolean, 'boolean'],
]);

/** True for a class that declares schema fields (through `@Field` or class-validator rules). */
export function isDeclaredClass(value: unknown): value is AnyClass {
  if (typeof value !== 'function' || PRIMITIVES.has(value) || value === Array || value === Object) return false;
  return fieldOptionsOf(value as AnyClass).size > 0 || constraintsOf(value as AnyClass).size > 0;
}

function typeHintOf(records: readonly ConstraintRecord[], each: boolean): TypeHint | undefined {
  let hint: TypeHint | undefined;
  for (const record of records) {
    if (record.each !== each || !record.name) continue;
    // Format rules (IsEmail, IsUrl…) accept strings only, so they name the type too.
    const h = TYPE_RULES[record.name] ?? (Object.hasOwn(FORMAT_RULES, record.name) ? 'string' : undefined);
    if (h === 'enum') return 'enum';
    if (h) hint = h === 'number' && hint === 'integer' ? 'integer' : h;
  }
  return hint;
}

function enumSchema(records: readonly ConstraintRecord[], each: boolean): JsonSchema | undefined {
  for (const record of records) {
    if (record.each !== each) continue;
    const values = enumValuesOf(record);
    if (values) {
      const type = enumType(values);
      return type ? { type, enum: [...values] } : { enum: [...values] };
    }
  }
  return undefined;
}

interface ValueType {
  schema: JsonSchema;
  nested?: ClassModel;
}

/** The schema of a scalar or nested value from a type hint, a type reference or `design:type`. */
function valueType(
  cls: AnyClass,
  property: string,
  records: readonly ConstraintRecord[],
  each: boolean,
  ref: unknown,
  design: unknown,
): ValueType | undefined {
  if (isDeclaredClass(ref)) {
    const nested = classModelOf(ref);
    return { schema: structuredClone(nested.schema), nested };
  }
  const hint = typeHintOf(records, each);
  if (hint === 'enum') return { schema: enumSchema(records, each)! };
  if (hint && hint !== 'array') return { schema: { type: hint } };
  const primitive = PRIMITIVES.get(ref) ?? PRIMITIVES.get(design);
  if (primitive) return { schema: { type: primitive } };
  if (isDeclaredClass(design)) return valueType(cls, property, records, each, design, undefined);
  return undefined;
}

/**
 * @param initial the value the property's initializer gives it (undefined: none): its default
 * unless `@Field({ default })` declares one or `@IsDefined` makes the field required.
 */
function buildField(cls: AnyClass, property: string, options: FieldOptions, records: readonly ConstraintRecord[], initial: unknown): FieldModel {
  for (const record of records) {
    const flags = unsupportedPatternFlags(record);
    if (flags) throw definitionError(cls, property, `@Matches flags '${flags}' cannot be expressed in JSON Schema.`);
  }
  const ref = options.type ? options.type() : transformerTypeOf(cls, property);
  const design = designTypeOf(cls, property);
  const isArray = !options.schema && (design === Array || typeHintOf(records, false) === 'array');
  let schema: JsonSchema;
  let nested: ClassModel | undefined;

  if (options.schema) {
    schema = structuredClone(options.schema);
  } else if (isArray) {
    const item = valueType(cls, property, records, true, ref, undefined);
    if (!item) {
      throw definitionError(
        cls,
        property,
        'cannot determine the array element type. Add @Type(() => X), @Field({ type: () => X }) or an element rule such as @IsString({ each: true }).',
      );
    }
    nested = item.nested;
    schema = { type: 'array', items: item.schema };
  } else {
    const value = valueType(cls, property, records, false, ref, design);
    if (!value) {
      throw definitionError(
        cls,
        property,
        'cannot determine its type. Give it a concrete TypeScript type, a class-validator type rule (@IsString…), or @Field({ schema }).',
      );
    }
    schema = value.schema;
    nested = value.nested;
  }

  const checks: FieldCheck[] = [];
  for (const record of records) {
    if (TYPE_RULES[record.name ?? ''] && record.name !== 'isIn' && record.name !== 'isEnum') continue;
    const target = record.each && schema.items ? schema.items : schema;
    applyRule(record, target, isArray ? schema : undefined);
    if (isFormatRule(record)) {
      const rule = FORMAT_RULES[record.name!]!;
      const constraints = record.constraints ?? [];
      checks.push({ rule, constraints, each: record.each && isArray, expected: rule.describe(constraints) });
    }
  }

  const forcedRequired = records.some((r) => r.type === 'isDefined');
  const defaultValue = options.default !== undefined ? options.default : forcedRequired ? undefined : initial;
  const hasDefault = defaultValue !== undefined;
  const optional = !forcedRequired && (options.optional === true || hasDefault || records.some((r) => r.name === 'isOptional'));
  const nullable = options.nullable === true;
  if (nullable) makeNullable(schema);
  if (options.description !== undefined) schema.description = options.description;
  if (options.title !== undefined) schema.title = options.title;
  if (hasDefault) schema.default = defaultValue;
  if (options.examples !== undefined) schema.examples = options.examples;
  if (options.deprecated) schema.deprecated = true;
  for (const check of checks) appendHint(schema, `${check.each ? 'Each item must be' : 'Must be'} ${check.expected}.`);
  const ordered = orderSchemaKeys(schema);

  return {
    tsName: property,
    wireName: options.name ?? property,
    optional,
    nullable,
    schema: ordered,
    nested,
    isArray,
    hasDefault,
    defaultValue,
    // Most fields have no format checks: one shared empty list instead of an array per field.
    checks: checks.length > 0 ? checks : NO_CHECKS,
    validationSchema: validationView(ordered, checks, nested, isArray),
  };
}

/**
 * The field schema as ajv checks it: the format annotations its checks decide removed, and a
 * nested class's properties in their validation form. The same object when nothing differs.
 */
function validationView(schema: JsonSchema, checks: readonly FieldCheck[], nested: ClassModel | undefined, isArray: boolean): JsonSchema {
  const nestedDiffers = nested !== undefined && nested.validationSchema !== nested.schema;
  if (checks.length === 0 && !nestedDiffers) return schema;
  const out = structuredClone(schema);
  for (const check of checks) {
    const target = check.each && out.items ? out.items : out;
    delete target.format;
  }
  if (nestedDiffers) {
    const target = isArray && out.items ? out.items : out;
    target.properties = structuredClone(nested.validationSchema.properties);
  }
  return out;
}

/** Adds `null` to a schema's accepted values. */
export function makeNullable(schema: JsonSchema): void {
  if (Array.isArray(schema.type)) {
    if (!schema.type.includes('null')) schema.type = [...schema.type, 'null'];
  } else if (schema.type) {
    schema.type = [schema.type, 'null'];
  }
  if (schema.enum && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
}

function buildModel(cls: AnyClass): ClassModel {
  const fieldOptions = fieldOptionsOf(cls);
  const constraints = constraintsOf(cls);
  const names = new Set([...fieldOptions.keys(), ...constraints.keys()]);
  const initial = initialValuesOf(cls, names);
  let needsClassValidator = false;
  // Mapped, not pushed: the model keeps this array, and one grown by push keeps spare room (17 slots for 7 fields).
  const fields = [...names].map((property) => {
    const records = constraints.get(property) ?? [];
    if (records.some((r) => !isSchemaRule(r) && !isFormatRule(r))) needsClassValidator = true;
    return buildField(cls, property, fieldOptions.get(property) ?? {}, records, initial?.get(property));
  });
  const wireNames = new Set<string>();
  for (const field of fields) {
    if (wireNames.has(field.wireName)) throw definitionError(cls, field.tsName, `wire name '${field.wireName}' is used twice.`);
    wireNames.add(field.wireName);
  }
  const classOptions = classOptionsOf(cls);
  const properties: Record<string, JsonSchema> = {};
  for (const field of fields) properties[field.wireName] = field.schema;
  const required = fields.filter((f) => !f.optional).map((f) => f.wireName);
  const schema: JsonSchema = { type: 'object' };
  if (classOptions.description) schema.description = classOptions.description;
  if (classOptions.title) schema.title = classOptions.title;
  schema.properties = properties;
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  const differs = fields.some((f) => f.validationSchema !== f.schema);
  let validationSchema = schema;
  if (differs) {
    const validationProperties: Record<string, JsonSchema> = {};
    for (const field of fields) validationProperties[field.wireName] = field.validationSchema;
    validationSchema = { ...schema, properties: validationProperties };
  }
  return {
    cls,
    fields,
    schema: deepFreeze(schema),
    needsClassValidator,
    nullMeansAbsent: fields.filter((f) => f.optional && !f.nullable).map((f) => f.wireName),
    validationSchema: differs ? deepFreeze(validationSchema) : schema,
    hasChecks: fields.some((f) => f.checks.length > 0 || f.nested?.hasChecks === true),
  };
}

/** The model of `cls` if it was already built (never builds one). */
export function builtModelOf(cls: AnyClass): ClassModel | undefined {
  return models.get(cls);
}

/**
 * The model of a declared class, built on first use and cached. Throws `INVALID_DEFINITION`
 * naming the class and property when a declaration cannot be turned into a schema.
 */
export function classModelOf(cls: AnyClass): ClassModel {
  const cached = models.get(cls);
  if (cached) return cached;
  if (building.has(cls)) {
    throw definitionError(cls, undefined, 'it refers to itself (directly or through nested classes); recursive schemas cannot be inlined.');
  }
  building.add(cls);
  try {
    const model = buildModel(cls);
    models.set(cls, model);
    return model;
  } finally {
    building.delete(cls);
  }
}
