/**
 * Whatever a model (or a buggy host) passes, executeToolCall resolves to a well-formed result:
 * events that serialize, and an Observation the model can read. Inputs: arbitrary values as the
 * call, as its name and as its arguments; valid-looking names with arbitrary JSON; huge strings.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Agent, ConversationState, eventFromJSON, Observation } from '@toolwright/sdk';
import type { ToolCallResult } from '@toolwright/sdk';
import { testRegistry } from './fixtures/runtime-tools.js';

const NAMES = ['echo', 'note', 'ech', 'ECHO', ''];

const argumentsArb = fc.oneof(
  fc.anything(),
  fc.json(),
  fc.string(),
  fc.record({ text: fc.anything(), times: fc.anything(), tone: fc.anything(), security_risk: fc.anything(), summary: fc.anything() }, { requiredKeys: [] }),
  fc.record({ text: fc.string({ minLength: 1 }), times: fc.integer({ min: 1, max: 5 }) }).map((v) => JSON.stringify(v)),
  fc.nat({ max: 2_000_000 }).map((n) => `{"text":"${'x'.repeat(n)}`),
  fc.nat({ max: 200_000 }).map((n) => JSON.stringify({ text: 'y'.repeat(n + 1), [`k${'z'.repeat(n)}`]: 1 })),
);

const callArb = fc.oneof(
  fc.anything(),
  fc.record({ id: fc.anything(), name: fc.anything(), arguments: fc.anything() }, { requiredKeys: [] }),
  fc.record({ id: fc.oneof(fc.string(), fc.integer()), name: fc.oneof(fc.constantFrom(...NAMES), fc.string(), fc.nat(100_000).map((n) => 'n'.repeat(n))), arguments: argumentsArb }),
);

function checkResult(result: ToolCallResult): void {
  expect(Array.isArray(result.events)).toBe(true);
  expect(result.events.length).toBeGreaterThan(0);
  expect(result.observation).toBeInstanceOf(Observation);
  const content = result.observation.toLlmContent();
  expect(content.length).toBeGreaterThan(0);
  for (const event of result.events) {
    expect(typeof event.toolCallId).toBe('string');
    expect(typeof event.toolName).toBe('string');
    const json: unknown = JSON.parse(JSON.stringify(event));
    expect(eventFromJSON(json).toJSON()).toEqual(json);
  }
  const last = result.events.at(-1)!;
  if (last.kind === 'AgentErrorEvent') {
    expect(result.events).toHaveLength(1);
    expect(result.observation.isError).toBe(true);
    // The model-facing text stays short whatever the input size.
    expect(result.observation.text.length).toBeLessThan(5_000);
  }
}

describe('Agent.executeToolCall (property)', () => {
  const agent = new Agent({ registry: testRegistry(), tools: [{ name: 'echo' }, { name: 'note' }] });

  beforeAll(async () => {
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
  });
  afterAll(async () => {
    await agent.close();
  });

  it('never throws or rejects, and always answers with serializable events', async () => {
    await fc.assert(
      fc.asyncProperty(callArb, async (call) => {
        let outcome: ToolCallResult | undefined;
        let threw: unknown;
        try {
          outcome = await agent.executeToolCall(call as never);
        } catch (error) {
          threw = error;
        }
        expect(threw).toBeUndefined();
        checkResult(outcome!);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws or rejects for a batch either', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { maxLength: 6 }), async (calls) => {
        const results = await agent.executeToolCalls(calls as never);
        expect(results).toHaveLength(calls.length);
        results.forEach(checkResult);
      }),
      { numRuns: 60 },
    );
  });
});
