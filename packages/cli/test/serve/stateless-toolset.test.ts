import { describe, expect, it } from '@jest/globals';
import { Observation } from '@toolwright/sdk';
import type { ClientHandlers, ToolwrightError } from '@toolwright/sdk';
import { statelessToolset } from '../../src/serve/stateless-toolset.js';
import type { ServedCallOptions } from '../../src/serve/served-toolset.js';
import { DefinitionToolset, sampleTools } from '../helpers/sample-tools.js';

/** A toolset that records the client each call was given. */
class RecordingToolset extends DefinitionToolset {
  clients: (ClientHandlers | undefined)[] = [];
  readonly extra = 'kept';
  override call(name: string, args: Record<string, unknown>, options: ServedCallOptions): Promise<Observation> {
    this.clients.push(options.client);
    return Promise.resolve(Observation.fromText(`${name} ${options.toolCallId}`));
  }
}

const options = (client?: ClientHandlers): ServedCallOptions => ({ signal: new AbortController().signal, toolCallId: 'mcp-1', client });

describe('statelessToolset', () => {
  it('passes every other member through to the toolset', () => {
    const inner = new RecordingToolset(sampleTools());
    const outer = statelessToolset(inner) as RecordingToolset;
    expect(outer.tools()).toBe(inner.tools());
    expect(outer.tool('echo')).toBe(inner.tool('echo'));
    expect(outer.extra).toBe('kept');
    let changed = 0;
    const off = outer.onToolsChanged(() => void (changed += 1));
    inner.replace(sampleTools());
    off();
    inner.replace(sampleTools());
    expect(changed).toBe(1);
  });

  it("keeps the client's logging and refuses sampling and elicitation with NOT_SUPPORTED saying why", async () => {
    const inner = new RecordingToolset(sampleTools());
    const logged: unknown[] = [];
    const result = await statelessToolset(inner).call('echo', {}, options({ log: (level, data) => void logged.push([level, data]), sample: () => Promise.reject(new Error('never')) }));
    expect(result.text).toBe('echo mcp-1');
    const client = inner.clients[0]!;
    await client.log!('info', 'x');
    expect(logged).toEqual([['info', 'x']]);
    await expect(client.sample!({ messages: [], maxTokens: 1 })).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message:
        "Sampling is not available on a stateless server: the client's answer would come back as a new HTTP request that no server is waiting for (it may reach another replica). Serve without --stateless (with sticky sessions behind a load balancer) for tools that ask the client.",
    } satisfies Partial<ToolwrightError>);
    await expect(client.elicit!({ message: 'name?', requestedSchema: { type: 'object', properties: {} } })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' });
    expect(client.closeStream).toBeUndefined();
  });

  it('gives a call without a client no logging either (nothing to send it to)', async () => {
    const inner = new RecordingToolset(sampleTools());
    await statelessToolset(inner).call('echo', {}, options());
    expect(inner.clients[0]!.log).toBeUndefined();
  });
});
