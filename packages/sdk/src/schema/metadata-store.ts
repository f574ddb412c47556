import type { JsonSchema } from './json-schema.js';

/** A class constructor (abstract or not). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a constructor of any signature
export type AnyClass<T = object> = abstract new (...args: any[]) => T;

/** An element type for arrays, or a nested type: a primitive constructor or a decorated class. */
export type FieldTypeRef = StringConstructor | NumberConstructor | BooleanConstructor | AnyClass;

/** Options of {@link Field}. Every option is optional. */
export interface FieldOptions {
  /** What the field means, for the model. */
  description?: string;
  /** A short human title. */
  title?: string;
  /** Example values. */
  examples?: unknown[];
  /** Value used when the field is absent; implies the field is optional. */
  default?: unknown;
  /** Marks the field deprecated in the schema. */
  deprecated?: boolean;
  /** The model-facing (wire) name when it differs from the TS property name (e.g. `is_input`). */
  name?: string;
  /** The field may be absent (same as class-validator's `@IsOptional()`). */
  optional?: boolean;
  /** The field may be `null` (beyond being absent). */
  nullable?: boolean;
  /** Nested class, or the element type of an array (alternative to class-transformer's `@Type`). */
  type?: () => FieldTypeRef;
  /**
   * An explicit JSON Schema for the value, for types TypeScript metadata cannot describe
   * (`unknown`, unions, records). Description, title, examples and default still apply.
   */
  schema?: JsonSchema;
}

/** Class-level schema facts. */
export interface ClassSchemaOptions {
  /** Description of the object (a tool's description comes from `@Tool` instead). */
  description?: string;
  /** Title of the object. */
  title?: string;
}

/**
 * Each prototype's own field records as one flat array, `[key, options, key, options, …]`: a class
 * has a few fields, and a Map per class cost ~0.9 KiB of heap for each declared class (issue 15
 * counts memory per Action class). The array is replaced, not grown, by each record (`concat`
 * allocates it at its exact length, where `push` leaves spare room), and options that only give a
 * description (`@Field({ description })`, the usual form) are kept as that string, an empty one as
 * one shared object: what is read back is the same, without an options object per field.
 */
const fields = new WeakMap<object, (string | FieldOptions)[]>();
const classes = new WeakMap<object, ClassSchemaOptions>();
const NO_OPTIONS: FieldOptions = Object.freeze({});

/** What a record keeps of `options`: the description alone, or the shared empty options, when that is all they say. */
function compactOptions(options: FieldOptions): string | FieldOptions {
  const keys = Object.keys(options);
  if (keys.length === 0 && Object.getOwnPropertySymbols(options).length === 0) return NO_OPTIONS;
  if (keys.length === 1 && keys[0] === 'description' && typeof options.description === 'string' && Object.getOwnPropertySymbols(options).length === 0) return options.description;
  return options;
}

/** The options a record keeps (see {@link compactOptions}). */
function optionsOfRecord(record: string | FieldOptions): FieldOptions {
  return typeof record === 'string' ? { description: record } : record;
}

/**
 * Records field options for `target.propertyKey` (decorators call this; nothing else should). The
 * options are never modified; a second `@Field` on the same property merges into a copy.
 */
export function recordField(target: object, propertyKey: string, options: FieldOptions): void {
  const own = fields.get(target);
  if (!own) {
    fields.set(target, [propertyKey, compactOptions(options)]);
    return;
  }
  // Keys sit at even positions (a description at an odd one may read like a key).
  for (let at = 0; at < own.length; at += 2) {
    if (own[at] === propertyKey) {
      own[at + 1] = { ...optionsOfRecord(own[at + 1]!), ...options };
      return;
    }
  }
  fields.set(target, own.concat(propertyKey, compactOptions(options)));
}

/** Records class-level schema options. */
export function recordClass(target: object, options: ClassSchemaOptions): void {
  classes.set(target, { ...classes.get(target), ...options });
}

/** The field options declared on `cls` and its ancestors (a subclass's declaration wins). */
export function fieldOptionsOf(cls: AnyClass): Map<string, FieldOptions> {
  const merged = new Map<string, FieldOptions>();
  for (const ctor of lineage(cls)) {
    const own = fields.get(ctor.prototype as object);
    if (!own) continue;
    for (let i = 0; i < own.length; i += 2) {
      const key = own[i] as string;
      merged.set(key, { ...merged.get(key), ...optionsOfRecord(own[i + 1]!) });
    }
  }
  return merged;
}

/** The class-level options of `cls` (own, else inherited). */
export function classOptionsOf(cls: AnyClass): ClassSchemaOptions {
  const merged: ClassSchemaOptions = {};
  for (const ctor of lineage(cls)) Object.assign(merged, classes.get(ctor));
  return merged;
}

/** `cls` and its ancestors, root first (stopping before `Object`/`Function.prototype`). */
export function lineage(cls: AnyClass): AnyClass[] {
  const chain: AnyClass[] = [];
  for (let c: unknown = cls; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
    chain.unshift(c as AnyClass);
  }
  return chain;
}
