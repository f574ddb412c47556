import type { ValidateFunction } from 'ajv';
import { validateSync } from 'class-validator';
import type { ValidationError } from 'class-validator';
import { createAjv } from './ajv-loader.js';
import { classModelOf } from './class-model.js';
import type { ClassModel, FieldModel } from './class-model.js';
import type { AnyClass } from './metadata-store.js';
import { issuesFromAjv, joinPath } from './validation-issue.js';
import type { ValidationIssue } from './validation-issue.js';

/** The outcome of {@link Codec.parse}: an instance, or the issues that prevented it. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/**
 * Turns plain wire data into instances of a declared class and back. Validation is the class's
 * JSON Schema compiled once with ajv (so the schema the model sees is exactly what is checked);
 * class-validator runs in addition only for classes that use rules JSON Schema cannot express.
 */
export interface Codec<T> {
  /** The class model (fields, schema). */
  readonly model: ClassModel;
  /** Validates `value` and builds an instance. `null` in an optional, non-nullable field counts as absent. */
  parse(value: unknown): ParseResult<T>;
  /** The wire form of an instance (wire names, nested objects plain, absent fields omitted). */
  serialize(instance: T): Record<string, unknown>;
}

let fastAjv: ReturnType<typeof createAjv> | undefined;
let reportingAjv: ReturnType<typeof createAjv> | undefined;

const codecs = new WeakMap<AnyClass, Codec<object>>();

/** The codec of a declared class, cached. Throws `INVALID_DEFINITION` for a bad declaration. */
export function codecOf<T extends object>(cls: AnyClass<T>): Codec<T> {
  let codec = codecs.get(cls);
  if (!codec) {
    codec = new ClassCodec(classModelOf(cls));
    codecs.set(cls, codec);
  }
  return codec as Codec<T>;
}

class ClassCodec<T extends object> implements Codec<T> {
  private check: ValidateFunction | undefined;
  private report: ValidateFunction | undefined;

  constructor(readonly model: ClassModel) {}

  parse(value: unknown): ParseResult<T> {
    const input = dropNulls(this.model, value);
    this.check ??= (fastAjv ??= createAjv()).compile(this.model.schema);
    if (!this.check(input)) return { ok: false, issues: this.explain(input) };
    const issues: ValidationIssue[] = [];
    const instance = hydrate(this.model, input as Record<string, unknown>, '', issues) as T;
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value: instance };
  }

  serialize(instance: T): Record<string, unknown> {
    return dehydrate(this.model, instance as Record<string, unknown>);
  }

  private explain(input: unknown): ValidationIssue[] {
    this.report ??= (reportingAjv ??= createAjv({ allErrors: true, verbose: true })).compile(this.model.schema);
    this.report(input);
    return issuesFromAjv(this.report.errors);
  }
}

/** `value` without `null`s in optional non-nullable fields (a copy only when something changes). */
function dropNulls(model: ClassModel, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let out = value as Record<string, unknown>;
  for (const name of model.nullMeansAbsent) {
    if (out[name] === null) {
      if (out === value) out = { ...out };
      delete out[name];
    }
  }
  for (const field of model.fields) {
    if (!field.nested) continue;
    const child = out[field.wireName];
    const mapped = field.isArray && Array.isArray(child) ? mapSame(child, (c) => dropNulls(field.nested!, c)) : field.isArray ? child : dropNulls(field.nested, child);
    if (mapped !== child) {
      if (out === value) out = { ...out };
      out[field.wireName] = mapped;
    }
  }
  return out;
}

function mapSame(items: unknown[], fn: (item: unknown) => unknown): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const mapped = fn(items[i]);
    if (mapped !== items[i]) (out ??= [...items])[i] = mapped;
  }
  return out ?? items;
}

function hydrate(model: ClassModel, data: Record<string, unknown>, path: string, issues: ValidationIssue[]): object {
  const Cls = model.cls as unknown as new () => Record<string, unknown>;
  const instance = new Cls();
  for (const field of model.fields) {
    const raw = data[field.wireName];
    if (raw === undefined) {
      if (field.hasDefault) instance[field.tsName] = structuredCloneIfObject(field.defaultValue);
      continue;
    }
    instance[field.tsName] = field.nested && raw !== null ? hydrateNested(field, raw, joinPath(path, field.wireName), issues) : raw;
  }
  if (model.needsClassValidator) runClassValidator(model, instance, path, issues);
  return instance;
}

function hydrateNested(field: FieldModel, raw: unknown, path: string, issues: ValidationIssue[]): unknown {
  const nested = field.nested!;
  if (field.isArray) {
    return (raw as unknown[]).map((item, i) =>
      item === null ? null : hydrate(nested, item as Record<string, unknown>, joinPath(path, i), issues),
    );
  }
  return hydrate(nested, raw as Record<string, unknown>, path, issues);
}

function structuredCloneIfObject<V>(value: V): V {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

function runClassValidator(model: ClassModel, instance: object, path: string, issues: ValidationIssue[]): void {
  // Nested classes are checked by their own hydrate call; only this class's own rules here.
  const errors = validateSync(instance, { forbidUnknownValues: false, skipMissingProperties: false });
  for (const error of errors) collectClassValidatorErrors(model, error, path, issues);
}

function collectClassValidatorErrors(model: ClassModel, error: ValidationError, path: string, issues: ValidationIssue[]): void {
  const field = model.fields.find((f) => f.tsName === error.property);
  if (field?.nested) return;
  const at = joinPath(path, field?.wireName ?? error.property);
  for (const message of Object.values(error.constraints ?? {})) {
    const text = message.replace(error.property, field?.wireName ?? error.property);
    issues.push({ path: at, expected: text, received: 'a value that fails this rule', message: `${at}: ${text}` });
  }
}

function dehydrate(model: ClassModel, instance: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of model.fields) {
    const value = instance[field.tsName];
    if (value === undefined) continue;
    if (field.nested && value !== null) {
      out[field.wireName] = field.isArray
        ? (value as unknown[]).map((v) => (v === null ? null : dehydrate(field.nested!, v as Record<string, unknown>)))
        : dehydrate(field.nested, value as Record<string, unknown>);
    } else {
      out[field.wireName] = value;
    }
  }
  return out;
}
