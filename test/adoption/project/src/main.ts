// A project that installed the packed tarballs: one decorated tool, called as a model would,
// plus one import from every other public entry point (they must resolve and load).
import 'reflect-metadata';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { Action, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import { Policy } from '@toolwright/sdk/policy';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import * as mcp from '@toolwright/sdk/mcp';
import { registerBuiltinTools } from '@toolwright/tools';
import { parseToolRef } from '@toolwright/providers';

export class GreetAction extends Action {
  @Field({ description: 'Who to greet' }) @IsString() name!: string;
  @Field({ description: 'How many times', name: 'times' }) @IsOptional() @IsInt() @Min(1) repeat?: number;
}

const greet = new ToolDefinition({
  name: 'greet',
  description: 'Greets someone.',
  actionType: GreetAction,
  executor: { execute: (action: GreetAction) => Observation.fromText(`Hello, ${action.name}! `.repeat(action.repeat ?? 1).trim()) },
});

const observation = await greet.call(greet.actionFromArguments(JSON.parse('{"name":"Ada","times":2}')));
let invalid = '';
try {
  greet.actionFromArguments(JSON.parse('{"name":3}'));
} catch (error) {
  invalid = (error as Error).message;
}
registerBuiltinTools();
const parts = [typeof createInMemoryMcpServer, typeof mcp, typeof parseToolRef, typeof Policy, typeof FunctionToolset].join(',');
console.log(JSON.stringify({ text: observation.text, invalid, schema: Object.keys(greet.toOpenAITool()), parts }));
