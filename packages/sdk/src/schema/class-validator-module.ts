import { createRequire } from 'node:module';
import type * as ClassValidatorNs from 'class-validator';
import { registerDeferredRules } from './deferred-rules.js';

/** class-validator's root module (its public functions and decorators). */
export type ClassValidatorModule = typeof ClassValidatorNs;

/** The part of class-validator's metadata storage module the schema layer reads. */
interface MetadataStorageModule {
  getMetadataStorage(): unknown;
}

const load = createRequire(import.meta.url);
let root: ClassValidatorModule | undefined;
let storage: MetadataStorageModule | undefined;

/**
 * class-validator's root module, loaded on first use. Its root entry loads every rule and with
 * them the `validator` and `libphonenumber-js` libraries (about 200 ms in a cold process), so the
 * SDK requires it only when a class needs class-validator's `validateSync` or one of its format
 * functions (`isEmail`…): classes declared with those rules imported it already. The rules
 * recorded as data until then (see deferred-rules.ts) are registered with class-validator first.
 */
export function classValidator(): ClassValidatorModule {
  if (root === undefined) {
    registerDeferredRules();
    root = load('class-validator') as ClassValidatorModule;
  }
  return root;
}

/**
 * class-validator's global metadata storage (what its decorators recorded), through the storage's
 * own module: the same global object the root entry returns, without loading every rule.
 */
export function classValidatorStorage(): unknown {
  return (storage ??= load('class-validator/cjs/metadata/MetadataStorage.js') as MetadataStorageModule).getMetadataStorage();
}

/**
 * class-validator's global metadata storage if any of its decorators ran (class-validator keeps
 * it on the global object from the first record), else undefined: then it holds nothing, and a
 * process whose classes record no class-validator rule does not load its storage module.
 */
export function recordedClassValidatorStorage(): unknown {
  return storage !== undefined || (globalThis as { classValidatorMetadataStorage?: unknown }).classValidatorMetadataStorage !== undefined ? classValidatorStorage() : undefined;
}
