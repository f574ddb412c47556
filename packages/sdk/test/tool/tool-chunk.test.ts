import { describe, expect, it } from '@jest/globals';
import { IsString } from 'class-validator';
import { Action, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ToolChunk } from '@toolwright/sdk';

class CityAction extends Action {
  @Field({ description: 'A city' }) @IsString() city!: string;
}

/** A tool whose executor streams the given chunks, in order. */
function streaming(chunks: readonly ToolChunk[]): ToolDefinition<CityAction> {
  return new ToolDefinition({
    name: 'weather',
    description: 'Streams the weather.',
    actionType: CityAction,
    executor: {
      async *execute() {
        for (const chunk of chunks) yield chunk;
      },
    },
  });
}

async function resultOf(chunks: readonly ToolChunk[]): Promise<Observation> {
  const tool = streaming(chunks);
  return tool.call(tool.actionFromArguments({ city: 'Oslo' }));
}

const IMAGE = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } as const;

describe('streamed chunks', () => {
  it('coalesce adjacent text chunks into one text block', async () => {
    const observation = await resultOf(['sunny', ' in ', 'Oslo']);
    expect(observation.content).toEqual([{ type: 'text', text: 'sunny in Oslo' }]);
    expect(observation.text).toBe('sunny in Oslo');
    expect(observation.toLlmContent()).toEqual([{ type: 'text', text: 'sunny in Oslo' }]);
  });

  it('keep the boundaries of non-text chunks: text on either side of an image stays apart', async () => {
    const observation = await resultOf(['map of ', 'Oslo:', { content: [IMAGE] }, 'rain ', 'later']);
    expect(observation.content).toEqual([{ type: 'text', text: 'map of Oslo:' }, IMAGE, { type: 'text', text: 'rain later' }]);
  });

  it('join a text chunk to the text that ends or starts a content chunk, and keep the blocks inside one chunk as they are', async () => {
    const observation = await resultOf([
      'a',
      { content: [{ type: 'text', text: 'b' }, { type: 'text', text: 'c' }] },
      Observation.fromText('d'),
      { content: [IMAGE, { type: 'text', text: 'e' }] },
      'f',
    ]);
    expect(observation.content).toEqual([{ type: 'text', text: 'ab' }, { type: 'text', text: 'cd' }, IMAGE, { type: 'text', text: 'ef' }]);
  });

  it('keep an error chunk an error, with its code, after coalescing', async () => {
    const observation = await resultOf(['partial ', { content: [{ type: 'text', text: 'then failed' }], isError: true, errorCode: 'UPSTREAM' }]);
    expect(observation.isError).toBe(true);
    expect(observation.errorCode).toBe('UPSTREAM');
    expect(observation.content).toEqual([{ type: 'text', text: 'partial then failed' }]);
  });

  it('return a single Observation chunk as it is', async () => {
    const only = Observation.fromText('whole');
    expect(await resultOf([only])).toBe(only);
  });
});
