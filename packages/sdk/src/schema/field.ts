import { recordClass, recordField } from './metadata-store.js';
import type { ClassSchemaOptions, FieldOptions } from './metadata-store.js';

/**
 * Declares a property of an Action, Observation or Params class as part of its schema. Types are
 * inferred from TypeScript metadata and class-validator decorators; options add what the model
 * should know. The decorator only records; schema generation and validation read the record.
 */
export function Field(options: FieldOptions = {}): PropertyDecorator {
  return (target, propertyKey) => {
    if (typeof propertyKey !== 'string') return;
    recordField(target, propertyKey, options);
  };
}

/** Declares a class-level description (and title) for a nested object or Params class. */
export function Description(description: string, options: Omit<ClassSchemaOptions, 'description'> = {}): ClassDecorator {
  return (target) => recordClass(target, { ...options, description });
}
