/**
 * The tool the CLI benchmark serves, loaded by `toolwright serve --import <this file>`: `echo`
 * takes `{ text }` and returns it, as the raw SDK server of `cli-bench-raw-server.ts` does.
 */
import { IsString } from 'class-validator';
import { Action, Field, Observation, ToolDefinition } from '@toolwright/sdk';

/** `echo`'s arguments. */
export class BenchEchoAction extends Action {
  @Field({ description: 'Text to echo back' }) @IsString() text!: string;
}

/** The served tools. */
export const tools = [
  new ToolDefinition({
    name: 'echo',
    description: 'Echo the text back.',
    actionType: BenchEchoAction,
    annotations: { readOnlyHint: true, openWorldHint: false },
    executor: { execute: (a: BenchEchoAction) => Observation.fromText(a.text) },
  }),
];
