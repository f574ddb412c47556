import { afterEach, describe, expect, it } from '@jest/globals';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { Action, Agent, codecOf, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ValidationIssue } from '@toolwright/sdk';
import { uncachedCodec } from '../../src/schema/codec.js';

class Person {
  @Field({ description: 'Name' }) @IsString() name!: string;
  @Field({ description: 'Email' }) @IsEmail() email!: string;
}

class SignupAction extends Action {
  @Field({ description: 'Kind of account' }) @IsIn(['a', 'b']) kind!: string;
  @Field({ description: 'Contact email' }) @IsEmail() email!: string;
  @Field({ description: 'Home page' }) @IsOptional() @IsUrl() homepage?: string;
  @Field({ description: 'Age' }) @IsOptional() @IsInt() age?: number;
  @Field({ description: 'Links', type: () => String }) @IsOptional() @IsUrl({}, { each: true }) links?: string[];
  @Field({ description: 'Friends' }) @IsOptional() @ValidateNested({ each: true }) @Type(() => Person) friends?: Person[];
}

const brief = (issues: readonly ValidationIssue[]): [string, string, string][] => issues.map((i) => [i.path, i.expected, i.received]);

function issuesOf(value: unknown, interpretedCalls?: number): ValidationIssue[] {
  const result = interpretedCalls === undefined ? codecOf(SignupAction).parse(value) : uncachedCodec(SignupAction, interpretedCalls).parse(value);
  if (result.ok) throw new Error('expected a rejection');
  return result.issues;
}

describe('validation reports every issue in one round', () => {
  it("names a schema error and a format error together (kind: 'c' and email: 'nope'), each with path, expected and got", () => {
    expect(brief(issuesOf({ kind: 'c', email: 'nope' }))).toEqual([
      ['kind', 'one of "a", "b"', '"c"'],
      ['email', 'an email address', '"nope"'],
    ]);
  });

  it('gives the same report on every path (closure checker, one-pass parser, ajv)', () => {
    const value = { kind: 'c', email: 'nope', homepage: 'javascript:x', age: 1.5 };
    const expected = brief(issuesOf(value));
    expect(expected.map(([path]) => path)).toEqual(['kind', 'age', 'email', 'homepage']);
    for (const interpretedCalls of [Infinity, 0]) expect(brief(issuesOf(value, interpretedCalls))).toEqual(expected);
  });

  it('leaves out the format rules of a field the schema already rejected, and of an array with a bad item', () => {
    expect(brief(issuesOf({ kind: 'a', email: 42, links: ['javascript:x', 7] }))).toEqual([
      ['email', 'string', 'number'],
      ['links[1]', 'string', 'number'],
    ]);
  });

  it('checks the other fields of a nested object beside its schema error', () => {
    const issues = issuesOf({ kind: 'a', email: 'me@example.com', friends: [{ name: 1, email: 'x' }, { name: 'Bo', email: 'bo@example.com', extra: 1 }, { name: 'Al', email: 'al' }] });
    expect(issues.map((i) => i.message)).toEqual([
      'friends[0].name: expected string, got number',
      'friends[1].extra: unknown field; allowed fields: name, email',
      'friends[0].email: expected an email address, got "x"',
      'friends[2].email: expected an email address, got "al"',
    ]);
  });

  it('reports only the format error when the schema check passes (unchanged)', () => {
    expect(brief(issuesOf({ kind: 'a', email: 'nope' }))).toEqual([['email', 'an email address', '"nope"']]);
  });
});

describe('the model reads every issue in one error Observation', () => {
  const signup = new ToolDefinition({
    name: 'signup',
    description: 'Signs up.',
    actionType: SignupAction,
    executor: { execute: () => Observation.fromText('welcome') },
  });
  let agent: Agent | undefined;
  afterEach(async () => {
    await agent?.close();
  });

  it("lists kind and email in one answer", async () => {
    agent = new Agent({ extraTools: [signup] });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    const { observation } = await agent.executeToolCall({ id: '1', name: 'signup', arguments: JSON.stringify({ kind: 'c', email: 'nope' }) });
    expect(observation.isError).toBe(true);
    expect(observation.errorCode).toBe('INVALID_ARGUMENTS');
    expect(observation.text).toBe(
      "Invalid arguments for tool 'signup':\n" +
        '- kind: expected one of "a", "b", got a string that does not match\n' +
        '- email: expected an email address, got a string that does not match\n' +
        "Fix these arguments and call 'signup' again.",
    );
  });
});
