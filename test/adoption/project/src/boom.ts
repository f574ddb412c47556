// An executor that throws, and a mistake Toolwright itself reports: both stacks must name
// TypeScript files and lines under `node --enable-source-maps`.
import 'reflect-metadata';
import { Action, type Observation, ToolDefinition } from '@toolwright/sdk';

class BoomAction extends Action {}

function explode(): Observation {
  throw new Error('x'); // boom.ts line 9
}

const boom = new ToolDefinition({ name: 'boom', description: 'Fails.', actionType: BoomAction, executor: { execute: explode } });
const observation = await boom.call(new BoomAction());
const details = Reflect.get(observation, 'details') as { stack?: string } | undefined;
let own = '';
try {
  new ToolDefinition({ name: 'not a name', description: 'Fails.', actionType: BoomAction });
} catch (error) {
  own = (error as Error).stack ?? '';
}
console.log(JSON.stringify({ text: observation.text, stack: details?.stack ?? '', own }));
