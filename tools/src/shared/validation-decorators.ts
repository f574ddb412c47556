/**
 * The class-validator and class-transformer decorators the built-in tools declare with, each from
 * its own module. class-validator's root entry loads every rule and with them the `validator` and
 * `libphonenumber-js` libraries (about 200 ms in a cold process, most of a cold `toolwright list`);
 * these modules are the very ones the root entry re-exports (same functions, same global metadata
 * storage), so declarations read exactly as with `import { IsString } from 'class-validator'`.
 * tools/test/validation-decorators.test.ts proves each is the root entry's own export.
 */
import { createRequire } from 'node:module';
import type * as ClassTransformer from 'class-transformer';
import type * as ClassValidator from 'class-validator';

const load = createRequire(import.meta.url);

function rule<K extends keyof typeof ClassValidator>(folder: string, name: K): (typeof ClassValidator)[K] {
  return (load(`class-validator/cjs/decorator/${folder}/${name}.js`) as typeof ClassValidator)[name];
}

export const ArrayMaxSize = rule('array', 'ArrayMaxSize');
export const ArrayMinSize = rule('array', 'ArrayMinSize');
export const IsArray = rule('typechecker', 'IsArray');
export const IsBoolean = rule('typechecker', 'IsBoolean');
export const IsIn = rule('common', 'IsIn');
export const IsInt = rule('typechecker', 'IsInt');
export const IsNumber = rule('typechecker', 'IsNumber');
export const IsObject = rule('typechecker', 'IsObject');
export const IsOptional = rule('common', 'IsOptional');
export const IsPositive = rule('number', 'IsPositive');
export const IsString = rule('typechecker', 'IsString');
export const Max = rule('number', 'Max');
export const MaxLength = rule('string', 'MaxLength');
export const Min = rule('number', 'Min');
export const MinLength = rule('string', 'MinLength');
export const ValidateNested = rule('common', 'ValidateNested');
/** class-transformer's `@Type` (its root entry also loads the transform functions). */
export const Type = (load('class-transformer/cjs/decorators/type.decorator.js') as typeof ClassTransformer).Type;
