import { createRequire } from 'node:module';
import type * as ClassValidatorNs from 'class-validator';

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
 * functions (`isEmail`…): classes declared with those rules imported it already.
 */
export function classValidator(): ClassValidatorModule {
  return (root ??= load('class-validator') as ClassValidatorModule);
}

/**
 * class-validator's global metadata storage (what its decorators recorded), through the storage's
 * own module: the same global object the root entry returns, without loading every rule.
 */
export function classValidatorStorage(): unknown {
  return (storage ??= load('class-validator/cjs/metadata/MetadataStorage.js') as MetadataStorageModule).getMetadataStorage();
}
