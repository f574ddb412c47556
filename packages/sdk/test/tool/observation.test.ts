import { afterEach, describe, expect, it } from '@jest/globals';
import { Action, ErrorCode, Observation, ToolwrightError } from '@toolwright/sdk';
import { resetPaint } from '../../src/tool/colors.js';
import { ERROR_HEADER } from '../../src/tool/observation.js';
import { EchoAction, EchoObservation, echoTool } from '../fixtures/tool-fixtures.js';

describe('Observation', () => {
  afterEach(() => {
    delete process.env.NO_COLOR;
    delete process.env.FORCE_COLOR;
    resetPaint();
  });

  it('makes text observations and joins their text', () => {
    const o = Observation.fromText('hello');
    expect(o.isError).toBe(false);
    expect(o.text).toBe('hello');
    expect(o.toLlmContent()).toEqual([{ type: 'text', text: 'hello' }]);
  });

  it('starts an error observation’s model content with the fixed header', () => {
    const o = Observation.fromText('disk full', { isError: true, errorCode: ErrorCode.EXECUTION_FAILED });
    expect(o.toLlmContent()).toEqual([{ type: 'text', text: `${ERROR_HEADER}\ndisk full` }]);
    expect(ERROR_HEADER).toBe('[An error occurred during execution.]');
    const image = new Observation();
    image.isError = true;
    image.content = [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }];
    expect(image.toLlmContent()[0]).toEqual({ type: 'text', text: ERROR_HEADER });
  });

  it('keeps every content type, and text() reads text and embedded text resources', () => {
    const o = new Observation();
    o.content = [
      { type: 'text', text: 'a' },
      { type: 'image', data: 'aW1n', mimeType: 'image/png' },
      { type: 'audio', data: 'YXVk', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///x', name: 'x' },
      { type: 'resource', resource: { uri: 'file:///y', text: 'b' } },
    ];
    expect(o.toLlmContent()).toHaveLength(5);
    expect(o.text).toBe('a\nb');
  });

  it('renders declared fields through llmContent, or as JSON by default', () => {
    expect(EchoObservation.of({ echoed: 'hi' }).toLlmContent()).toEqual([{ type: 'text', text: 'echo: hi' }]);
  });

  it('visualizes without colour under NO_COLOR and with colour when forced', () => {
    process.env.NO_COLOR = '1';
    resetPaint();
    expect(Observation.fromText('x', { isError: true }).visualize()).toBe(`Observation (error)\n${ERROR_HEADER}\nx`);
    delete process.env.NO_COLOR;
    process.env.FORCE_COLOR = '1';
    resetPaint();
    expect(Observation.fromText('x').visualize()).toContain('\u001b[');
  });

  it('round-trips through JSON with a kind discriminator', () => {
    echoTool(); // declares the kinds
    const o = EchoObservation.of({ echoed: 'hi' });
    const json = JSON.parse(JSON.stringify(o)) as ReturnType<Observation['toJSON']>;
    expect(json).toEqual({ kind: 'EchoObservation', echoed: 'hi', content: [], isError: false });
    const back = Observation.fromJSON(json);
    expect(back).toBeInstanceOf(EchoObservation);
    expect((back as EchoObservation).echoed).toBe('hi');
  });

  it('round-trips Actions, wire names included', () => {
    const tool = echoTool();
    const action = tool.actionFromArguments({ text: 'a', repeat_count: 2 });
    const json = JSON.parse(JSON.stringify(action)) as ReturnType<Action['toJSON']>;
    expect(json).toEqual({ kind: 'EchoAction', text: 'a', repeat_count: 2 });
    const back = Action.fromJSON(json);
    expect(back).toBeInstanceOf(EchoAction);
    expect(back).toEqual(action);
  });

  it('rejects an unknown kind naming the known ones', () => {
    echoTool();
    let error: unknown;
    try {
      Action.fromJSON({ kind: 'NopeAction' });
    } catch (e) {
      error = e;
    }
    expect(ToolwrightError.hasCode(error, ErrorCode.UNKNOWN_KIND)).toBe(true);
    expect((error as Error).message).toMatch(/^Unknown Action kind "NopeAction"\. Known kinds: .*EchoAction/);
  });
});
