/**
 * Read-only access to what class-validator and class-transformer decorators recorded. Both
 * libraries keep one global store; we index class-validator's by target directly (its own lookup
 * scans every constraint ever registered, which grows with the number of tool classes).
 */
import 'reflect-metadata';
import { createRequire } from 'node:module';
import type { AnyClass } from './metadata-store.js';
import { lineage } from './metadata-store.js';
import { recordedClassValidatorStorage } from './class-validator-module.js';
import { deferredRulesOf } from './deferred-rules.js';

/** The recorded facts of one class-validator decorator on one property. */
export interface ConstraintRecord {
  /** `customValidation`, `conditionalValidation`, `nestedValidation`, `isDefined`, `whitelist`… */
  type: string;
  /** The rule name for custom validations (`isString`, `minLength`…). */
  name?: string;
  /** The rule's arguments. */
  constraints?: unknown[];
  /** Applies to each element of an array. */
  each: boolean;
  /** Validation groups; constraints with groups are not part of the schema. */
  groups?: string[];
  propertyName: string;
}

interface ValidatorStorage {
  validationMetadatas: Map<unknown, ConstraintRecord[]>;
}

interface TransformerStorage {
  findTypeMetadata(target: unknown, propertyName: string): { typeFunction: (options?: unknown) => unknown } | undefined;
}

const load = createRequire(import.meta.url);
let transformerStorage: TransformerStorage | undefined;
let storagePath: string | undefined;

/**
 * class-transformer's metadata storage (CommonJS; its `@Type` writes to this singleton), or
 * undefined while no one has loaded it: then no `@Type` was recorded (a freshly loaded storage is
 * empty), and a process that never uses class-transformer does not pay for loading it.
 */
function classTransformerStorage(): TransformerStorage | undefined {
  if (!transformerStorage) {
    storagePath ??= load.resolve('class-transformer/cjs/storage.js');
    if (load.cache[storagePath] === undefined) return undefined;
    transformerStorage = (load(storagePath) as { defaultMetadataStorage: TransformerStorage }).defaultMetadataStorage;
  }
  return transformerStorage;
}

/**
 * class-validator records for `cls` and its ancestors, grouped by property (own records last):
 * those in class-validator's storage, then (per class) the rules deferred until class-validator
 * is first used (see deferred-rules.ts).
 */
export function constraintsOf(cls: AnyClass): Map<string, ConstraintRecord[]> {
  const storage = recordedClassValidatorStorage() as ValidatorStorage | undefined;
  const byProperty = new Map<string, ConstraintRecord[]>();
  const add = (records: readonly ConstraintRecord[] | undefined): void => {
    if (!records) return;
    for (const record of records) {
      if (record.groups && record.groups.length > 0) continue;
      const list = byProperty.get(record.propertyName) ?? [];
      list.push(record);
      byProperty.set(record.propertyName, list);
    }
  };
  for (const ctor of lineage(cls)) {
    add(storage?.validationMetadatas.get(ctor));
    add(deferredRulesOf(ctor));
  }
  return byProperty;
}

/** The class named by class-transformer's `@Type(() => X)` on `cls.propertyName`, if any. */
export function transformerTypeOf(cls: AnyClass, propertyName: string): unknown {
  const storage = classTransformerStorage();
  if (storage === undefined) return undefined;
  for (const ctor of lineage(cls).reverse()) {
    const meta = storage.findTypeMetadata(ctor, propertyName);
    if (meta) return meta.typeFunction();
  }
  return undefined;
}

/** TypeScript's emitted `design:type` for a property. */
export function designTypeOf(cls: AnyClass, propertyName: string): unknown {
  return Reflect.getMetadata('design:type', cls.prototype as object, propertyName);
}
