import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage } from 'class-validator';
import type { ConstraintRecord } from '../../packages/sdk/src/schema/class-metadata.js';
import { classValidator } from '../../packages/sdk/src/schema/class-validator-module.js';
import { deferredRulesOf } from '../../packages/sdk/src/schema/deferred-rules.js';
import * as decorators from '../src/shared/validation-decorators.js';
import { NoControlCharacters } from '../src/terminal/control-characters.js';

const d = decorators;

/** Every decorator the tools use, in the forms they are used in (and with options). */
class Probe {
  @d.ArrayMaxSize(2) @d.ArrayMinSize(1, { message: 'one at least' }) pair!: string[];
  @d.IsArray() @d.IsString({ each: true }) names!: string[];
  @d.IsBoolean() flag!: boolean;
  @d.IsIn(['a', 'b']) choice!: string;
  @d.IsInt({ each: true }) counts!: number[];
  @d.IsNumber() @d.IsPositive() @d.Max(9) @d.Min(1) amount!: number;
  @d.IsNumber({ allowNaN: false }, { groups: ['strict'] }) strict!: number;
  @d.IsObject() bag!: object;
  @d.IsOptional() @d.IsString() @d.MaxLength(5) @d.MinLength(2) name?: string;
  @d.ValidateNested({ each: true }) children!: object[];
  @d.ValidateNested() child!: object;
  @NoControlCharacters() command!: string;
}

/** The fields of a record the schema layer reads (an `isOptional` constraint is class-validator's own function). */
function facts(record: ConstraintRecord): Partial<ConstraintRecord> {
  const { type, name, constraints, each, groups, propertyName } = record;
  return { type, name, constraints: name === 'isOptional' ? undefined : constraints, each, groups, propertyName };
}

describe('the validation decorators of the built-in tools', () => {
  it('record each rule as data, and class-validator keeps the same record once the SDK first uses it, in declaration order', () => {
    const deferred = deferredRulesOf(Probe);
    expect(deferred?.length).toBe(20);
    // Nothing reached class-validator yet: its storage holds no rule of the class.
    expect(getMetadataStorage().getTargetValidationMetadatas(Probe, '', true, false)).toEqual([]);
    const data = deferred!.map(facts);

    classValidator();
    expect(deferredRulesOf(Probe)).toBeUndefined();
    const registered = getMetadataStorage().getTargetValidationMetadatas(Probe, '', true, false) as unknown as ConstraintRecord[];
    expect(registered.map(facts)).toEqual(data);
  });

  it('are class-validator rules once registered: validateSync applies them, with their messages', () => {
    const probe = Object.assign(new Probe(), {
      pair: ['x'], names: ['a'], flag: true, choice: 'c', counts: [1], amount: 3, strict: 1, bag: {}, name: 'x', children: [], child: {}, command: 'ls\r',
    });
    // The options the SDK validates with (an object without rules is not an error).
    const errors = classValidator().validateSync(probe, { forbidUnknownValues: false });
    expect(errors.map((e) => [e.property, Object.values(e.constraints ?? {})])).toEqual([
      ['choice', ['choice must be one of the following values: a, b']],
      ['name', ['name must be longer than or equal to 2 characters']],
      ['command', [expect.stringContaining('the control character U+000D (Ctrl-M, CR) at position 2')]],
    ]);
  });

  it('register at once when declared after class-validator was first used', () => {
    class Late {
      @d.MinLength(2) name!: string;
    }
    expect(deferredRulesOf(Late)).toBeUndefined();
    expect(classValidator().validateSync(Object.assign(new Late(), { name: 'x' })).map((e) => Object.keys(e.constraints ?? {}))).toEqual([['minLength']]);
  });
});
