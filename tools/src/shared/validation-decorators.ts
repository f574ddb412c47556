/**
 * The class-validator decorators the built-in tools declare with. Each records its rule as data
 * with the SDK (what class-validator itself would record: type, name, constraints, each, groups)
 * and defers class-validator's own decorator, which the SDK applies with the same arguments, in
 * declaration order, before it first uses class-validator (see the SDK's deferred-rules.ts).
 * Listing the tools, building their JSON Schemas and checking arguments against them read only
 * the data, so importing `@toolwright/tools` loads none of class-validator's decorator modules nor
 * the `validator` library (about 30 files). Each real decorator comes from its own module:
 * class-validator's root entry loads every rule, and with them `validator` and
 * `libphonenumber-js` (about 200 ms in a cold process); these modules are the very ones the root
 * entry re-exports (same functions, same global metadata storage).
 * tools/test/validation-decorators.test.ts proves each record is the one class-validator keeps.
 */
import { createRequire } from 'node:module';
import type * as ClassValidator from 'class-validator';
import type { ValidationOptions } from 'class-validator';
import { deferClassValidatorRule } from '@toolwright/sdk/internal';
import type { DeferredRuleRecord } from '@toolwright/sdk/internal';

const load = createRequire(import.meta.url);

type Rules = typeof ClassValidator;
type RuleName = 'ArrayMaxSize' | 'ArrayMinSize' | 'IsArray' | 'IsBoolean' | 'IsIn' | 'IsInt' | 'IsNumber' | 'IsObject' | 'IsOptional' | 'IsPositive' | 'IsString' | 'Max' | 'MaxLength' | 'Min' | 'MinLength' | 'ValidateNested';

/** class-validator's own decorator `name`, from its module in `folder` (required when first applied). */
function own<K extends keyof Rules>(folder: string, name: K): Rules[K] {
  return (load(`class-validator/cjs/decorator/${folder}/${name}.js`) as Rules)[name];
}

/**
 * What class-validator's ValidationMetadata keeps of `options`: `each` and `groups` as given when
 * there are options (possibly undefined), else `false` and `[]`.
 */
function optionFields(options: ValidationOptions | undefined): Pick<DeferredRuleRecord, 'each' | 'groups'> {
  return options ? { each: options.each as boolean, groups: options.groups } : { each: false, groups: [] };
}

/**
 * A decorator factory with the signature of class-validator's `name`, recording `record(args)`
 * and deferring class-validator's decorator made with `args`.
 */
function deferred<K extends RuleName>(folder: string, name: K, record: (args: Parameters<Rules[K]>) => DeferredRuleRecord): Rules[K] {
  const factory = (...args: Parameters<Rules[K]>): PropertyDecorator =>
    (target, propertyKey) => {
      const property = propertyKey as string;
      deferClassValidatorRule(target, property, record(args), () => {
        const decorate = (own(folder, name) as (...a: Parameters<Rules[K]>) => PropertyDecorator)(...args);
        decorate(target, property);
      });
    };
  return factory as unknown as Rules[K];
}

/** A rule registered through class-validator's `ValidateBy` (`customValidation`) whose constraints are `constraints(args)`, options last. */
function custom<K extends RuleName>(folder: string, name: K, ruleName: string, constraints?: (args: Parameters<Rules[K]>) => unknown[]): Rules[K] {
  return deferred(folder, name, (args) => ({
    type: 'customValidation',
    name: ruleName,
    constraints: constraints?.(args),
    ...optionFields(args[constraints ? 1 : 0] as ValidationOptions | undefined),
  }));
}

export const ArrayMaxSize = custom('array', 'ArrayMaxSize', 'arrayMaxSize', ([max]) => [max]);
export const ArrayMinSize = custom('array', 'ArrayMinSize', 'arrayMinSize', ([min]) => [min]);
export const IsArray = custom('typechecker', 'IsArray', 'isArray');
export const IsBoolean = custom('typechecker', 'IsBoolean', 'isBoolean');
export const IsIn = custom('common', 'IsIn', 'isIn', ([values]) => [values]);
export const IsInt = custom('typechecker', 'IsInt', 'isInt');
export const IsNumber = custom('typechecker', 'IsNumber', 'isNumber', ([options = {}]) => [options]);
export const IsObject = custom('typechecker', 'IsObject', 'isObject');
export const IsPositive = custom('number', 'IsPositive', 'isPositive');
export const IsString = custom('typechecker', 'IsString', 'isString');
export const Max = custom('number', 'Max', 'max', ([max]) => [max]);
export const MaxLength = custom('string', 'MaxLength', 'maxLength', ([max]) => [max]);
export const Min = custom('number', 'Min', 'min', ([min]) => [min]);
export const MinLength = custom('string', 'MinLength', 'minLength', ([min]) => [min]);
/** `conditionalValidation` named `isOptional` (its constraint, a function, is class-validator's own once registered). */
export const IsOptional = deferred('common', 'IsOptional', ([options]) => ({ type: 'conditionalValidation', name: 'isOptional', ...optionFields(options) }));
/** `nestedValidation`, with the options class-validator completes with a message (so `each` as given). */
export const ValidateNested = deferred('common', 'ValidateNested', ([options]) => ({ type: 'nestedValidation', each: options?.each as boolean, groups: options?.groups }));
