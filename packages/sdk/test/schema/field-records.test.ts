/**
 * What `@Field` records is read back as declared: options that only give a description are kept
 * as that string and empty options as one shared object (less heap per declared class), which must
 * not change the schema a class gets, however the records combine.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Field, jsonSchemaOf } from '@toolwright/sdk';

describe('@Field records', () => {
  it('keep a description that reads like another property name apart from the keys', () => {
    class Tricky extends Action {
      @Field({ description: 'b' }) @IsString() a!: string;
      @Field({ description: 'B itself' }) @IsString() b!: string;
    }
    expect(jsonSchemaOf(Tricky).properties).toEqual({ a: { type: 'string', description: 'b' }, b: { type: 'string', description: 'B itself' } });
  });

  it('merge a second @Field on the same property into the first, a description-only one too', () => {
    class Merged extends Action {
      @Field({ name: 'wire' }) @Field({ description: 'Merged' }) @IsString() value!: string;
      @Field({ title: 'Later' }) @Field() @IsString() plain!: string;
    }
    expect(jsonSchemaOf(Merged).properties).toEqual({ wire: { type: 'string', description: 'Merged' }, plain: { type: 'string', title: 'Later' } });
  });

  it("read a parent's description-only record under a subclass's own options", () => {
    class Parent extends Action {
      @Field({ description: 'From the parent' }) @IsString() text!: string;
      @Field() @IsString() other!: string;
    }
    class Child extends Parent {}
    Field({ title: 'From the child' })(Child.prototype, 'text');
    expect(jsonSchemaOf(Child).properties).toEqual({ text: { type: 'string', description: 'From the parent', title: 'From the child' }, other: { type: 'string' } });
    expect(jsonSchemaOf(Parent).properties).toEqual({ text: { type: 'string', description: 'From the parent' }, other: { type: 'string' } });
  });

  it('keep options with more than a description as given, without changing them', () => {
    const options = Object.freeze({ description: 'Count', optional: true });
    class Counted extends Action {
      @Field(options) @IsString() count?: string;
    }
    expect(jsonSchemaOf(Counted)).toMatchObject({ properties: { count: { type: 'string', description: 'Count' } } });
    expect(jsonSchemaOf(Counted).required).toBeUndefined();
    expect(options).toEqual({ description: 'Count', optional: true });
  });
});
