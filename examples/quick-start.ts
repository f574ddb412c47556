// The README's quick start, kept compiling and tested (test/examples/quick-start.test.ts).
// Run it: npx tsc -p examples && node examples/dist/quick-start.js
import 'reflect-metadata';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { fileURLToPath } from 'node:url';
import { Action, ConversationState, Field, Observation, Service, Tool, ToolDefinition, ToolRegistry } from '@toolwright/sdk';

export class GreetAction extends Action {
  @Field({ description: 'Who to greet' }) @IsString() name!: string;
  @Field({ description: 'How many times', name: 'times' }) @IsOptional() @IsInt() @Min(1) repeat?: number;
}

@Service()
export class GreetExecutor {
  execute(action: GreetAction): Observation {
    return Observation.fromText(`Hello, ${action.name}! `.repeat(action.repeat ?? 1).trim());
  }
}

export const registry = new ToolRegistry();

@Tool({ description: 'Greets someone.', annotations: { readOnlyHint: true } })
export class GreetTool extends ToolDefinition<GreetAction> {
  static create(state: ConversationState): GreetTool[] {
    return [new GreetTool({ actionType: GreetAction, executor: state.getService(GreetExecutor) })];
  }
}
registry.register(GreetTool); // @Tool only records; registering is explicit

export async function quickStart(): Promise<string> {
  const state = new ConversationState({ workingDir: process.cwd() });
  const [greet] = await registry.resolve({ name: 'greet' }, state);
  const action = greet!.actionFromArguments(JSON.parse('{"name":"Ada","times":2}'));
  const observation = await greet!.call(action, { state });
  await state.close();
  return observation.text; // "Hello, Ada! Hello, Ada!"
}

// Run directly (not when imported by a test): print what the tool returned.
if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await quickStart());
