import { describe, expect, it } from '@jest/globals';
import * as transformer from 'class-transformer';
import * as validator from 'class-validator';
import * as decorators from '../src/shared/validation-decorators.js';

describe('validation-decorators', () => {
  it("re-exports class-validator's and class-transformer's own decorator functions", () => {
    const names = Object.keys(decorators).sort();
    expect(names).toEqual([
      'ArrayMaxSize', 'ArrayMinSize', 'IsArray', 'IsBoolean', 'IsIn', 'IsInt', 'IsNumber', 'IsObject', 'IsOptional',
      'IsPositive', 'IsString', 'Max', 'MaxLength', 'Min', 'MinLength', 'Type', 'ValidateNested',
    ]);
    for (const name of names) {
      const own = name === 'Type' ? transformer.Type : validator[name as keyof typeof validator];
      expect(decorators[name as keyof typeof decorators] === own ? name : `${name} is another function`).toBe(name);
    }
  });

  it("records into class-validator's one metadata storage", () => {
    class Probe {
      @decorators.IsString() @decorators.MinLength(2) name!: string;
    }
    expect(validator.validateSync(Object.assign(new Probe(), { name: 'x' })).map((e) => Object.keys(e.constraints ?? {}))).toEqual([['minLength']]);
    expect(validator.validateSync(Object.assign(new Probe(), { name: 'xy' }))).toEqual([]);
  });
});
