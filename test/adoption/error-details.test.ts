import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { Action, ErrorCode, Observation, ToolDefinition } from '@toolwright/sdk';
import { errorDetailsOf } from '../../packages/sdk/src/tool/error-observation.js';

class BoomAction extends Action {}

function throwInExecutor(): never {
  throw new Error('x', { cause: new Error('the disk is full') });
}

const boom = new ToolDefinition({ name: 'boom', description: 'Fails.', actionType: BoomAction, executor: { execute: (): Observation => throwInExecutor() } });

describe("an executor's exception", () => {
  it('keeps its stack in the error Observation’s details, for the developer', async () => {
    const observation = await boom.call(new BoomAction());
    expect(observation.errorCode).toBe(ErrorCode.EXECUTION_FAILED);
    const details = errorDetailsOf(observation);
    expect(details?.error).toBeInstanceOf(Error);
    expect(details?.stack).toMatch(/^Error: x\n\s+at throwInExecutor \(.*error-details\.test\.ts:\d+:\d+\)/);
    expect(details?.stack).toContain('Caused by: Error: the disk is full');
    expect((observation as Observation & { details?: unknown }).details).toBe(details);
  });

  it('never shows the stack to the model, nor serializes it', async () => {
    const observation = await boom.call(new BoomAction());
    const modelText = observation.toLlmContent().map((block) => (block.type === 'text' ? block.text : '')).join('\n');
    expect(modelText).toBe("[An error occurred during execution.]\nTool 'boom' failed: x");
    expect(JSON.stringify(observation.toJSON())).not.toContain('throwInExecutor');
    expect(Object.keys(observation)).not.toContain('details');
  });

  it('gives no details to an Observation that is not an error of a call', () => {
    expect(errorDetailsOf(Observation.fromText('fine'))).toBeUndefined();
  });
});
