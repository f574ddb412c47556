import { describe, expect, it } from '@jest/globals';
import { Type } from 'class-transformer';
import { IsEnum, IsInt, IsOptional, IsString, Max, Min, MinLength, ValidateNested } from 'class-validator';
import { Action, Field, jsonSchemaOf, ToolDefinition, Observation } from '@toolwright/sdk';

enum Mode { Fast = 'fast', Slow = 'slow' }
class Inner { @Field({ description: 'n' }) @IsString() name!: string; }
class MyAction extends Action {
  @Field({ description: 'query' }) @IsString() @MinLength(1) query!: string;
  @Field() @IsInt() @Min(0) @Max(10) count!: number;
  @Field() @IsEnum(Mode) mode!: Mode;
  @Field({ name: 'is_input' }) @IsOptional() isInput?: boolean;
  @Field() @ValidateNested() @Type(() => Inner) tags!: Inner[];
}

describe('smoke', () => {
  it('works', async () => {
    const schema = jsonSchemaOf(MyAction);
    expect(schema).toMatchObject({ type: 'object' });
    const tool = new ToolDefinition({ description: 'x', actionType: MyAction, executor: { execute: (a) => Observation.fromText(`${a.query} ${a.tags[0]!.name}`) } });
    console.log(JSON.stringify(schema, null, 1), tool.name);
    const a = tool.actionFromArguments({ query: 'q', count: 3, mode: 'fast', is_input: null, tags: [{ name: 'x' }] });
    expect(a).toBeInstanceOf(MyAction);
    expect(a.tags[0]).toBeInstanceOf(Inner);
    const o = await tool.call(a);
    expect(o.text).toBe('q x');
    expect(() => tool.actionFromArguments({ query: 5, count: 30, mode: 'zz', extra: 1, tags: [{ name: 3 }] })).toThrow();
    try { tool.actionFromArguments({ query: 5, count: 30, mode: 'zz', extra: 1, tags: [{ name: 3 }] }); } catch (e) { console.log((e as Error).message); }
  });
});
