/**
 * The tool the `mcp-serve` benchmark serves (`toolwright serve --import <this file>`): `notify`
 * sends `logs` log messages and `progress` progress reports to the client, then answers `ok`.
 */
import { IsInt, Max, Min } from 'class-validator';
import { Action, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ToolContext } from '@toolwright/sdk';

/** `notify`'s arguments. */
export class BenchNotifyAction extends Action {
  @Field({ description: 'Log messages to send' }) @IsInt() @Min(0) @Max(1000) logs!: number;
  @Field({ description: 'Progress reports to send' }) @IsInt() @Min(0) @Max(1000) progress!: number;
}

/** The served tools. */
export const tools = [
  new ToolDefinition({
    name: 'notify',
    description: 'Send log messages and progress reports, then answer ok.',
    actionType: BenchNotifyAction,
    annotations: { readOnlyHint: true, openWorldHint: false },
    executor: {
      execute: async (a: BenchNotifyAction, ctx: ToolContext) => {
        for (let i = 1; i <= a.logs; i++) await ctx.log('info', `line ${i}`);
        for (let i = 1; i <= a.progress; i++) ctx.reportProgress(i, a.progress);
        return Observation.fromText('ok');
      },
    },
  }),
];
