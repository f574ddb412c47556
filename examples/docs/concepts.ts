// docs/concepts.md, "Defaults: a property initializer is a default": compiled by the typecheck and
// run by test/docs/examples.test.ts.
import 'reflect-metadata';
import { IsInt, IsString, Min } from 'class-validator';
import { Action, ConversationState, Field, jsonSchemaOf, Observation, ToolDefinition, ToolRegistry } from '@toolwright/sdk';

export class EchoAction extends Action {
  @Field({ description: 'Text to echo' }) @IsString() text!: string;
  @Field({ description: 'How many times' }) @IsInt() @Min(1) times: number = 1; // optional, default 1
}

export class EchoParams {
  @Field({ description: 'Prefix' }) @IsString() prefix = '>';
}

const echo = (state: ConversationState, params: EchoParams): ToolDefinition<EchoAction> =>
  new ToolDefinition({
    name: 'echo',
    description: 'Echoes the text.',
    actionType: EchoAction,
    executor: { execute: (action: EchoAction) => Observation.fromText(`${params.prefix} ${action.text}`.repeat(action.times)) },
  });
export const registry = new ToolRegistry().register('echo', echo, { params: EchoParams });

/** What the docs say: the schema has the default, a call without `times` gets 1, a spec without params gets prefix '>'. */
export async function defaults(): Promise<{ schema: unknown; times: number; text: string }> {
  const schema = jsonSchemaOf(EchoAction); // times: { type: 'integer', minimum: 1, default: 1, … }, required: ['text']
  const state = new ConversationState({ workingDir: process.cwd() });
  try {
    const [tool] = await registry.resolve({ name: 'echo' }, state); // a spec `tools: [{ name: 'echo' }]`
    const action = tool!.actionFromArguments({ text: 'hi' }) as EchoAction; // action.times === 1
    const observation = await tool!.call(action, { state });
    return { schema, times: action.times, text: observation.text };
  } finally {
    await state.close();
  }
}
