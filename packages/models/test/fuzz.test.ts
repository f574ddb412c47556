// Fuzz (fast-check, bounded): malformed and truncated model output never throws in a converter,
// never hangs the loop, and every call the model made is answered in the next request.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Agent, Observation, ToolDefinition, ConversationState, Action, Field } from '@toolwright/sdk';
import { FunctionToolset } from '@toolwright/sdk/toolsets';
import { IsInt } from 'class-validator';
import { anthropicMessages, geminiGenerateContent, openAIChat, openAIResponses, runTools } from '@toolwright/models';
import type { Dialect, ModelAdapter, ModelTurn } from '@toolwright/models';
import { anthropic, chat, gemini, responses } from '../../../test/models/api-fixtures.js';
import type { TurnScript } from '../../../test/models/api-fixtures.js';

class AddAction extends Action {
  @Field({ description: 'a' }) @IsInt() a!: number;
}

const dialects: { dialect: Dialect; sse: (s: TurnScript) => { data: unknown }[]; json: (s: TurnScript) => unknown }[] = [
  { dialect: openAIChat, sse: (s) => chat.sse(s), json: chat.json },
  { dialect: openAIResponses, sse: (s) => responses.sse(s), json: responses.json },
  { dialect: anthropicMessages, sse: (s) => anthropic.sse(s), json: anthropic.json },
  { dialect: geminiGenerateContent, sse: (s) => gemini.sse(s), json: gemini.json },
];

const script = fc.record({
  text: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  calls: fc.array(
    fc.record({
      id: fc.option(fc.constantFrom('a', 'b', 'c', ''), { nil: undefined }),
      name: fc.option(fc.constantFrom('add', 'nope', ''), { nil: undefined }),
      args: fc.oneof(fc.constant('{"a":1}'), fc.json({ maxDepth: 2 }), fc.string({ maxLength: 12 })),
    }),
    { maxLength: 4 },
  ),
});

/** Events with some dropped, duplicated, mangled, and the stream cut at a random point. */
const mangled = (events: { data: unknown }[]) =>
  fc.tuple(fc.array(fc.nat({ max: 5 }), { minLength: events.length, maxLength: events.length }), fc.nat({ max: events.length }), fc.anything({ maxDepth: 2 })).map(([ops, cut, junk]) =>
    events.slice(0, cut).flatMap((e, i) => {
      const op = ops[i]!;
      if (op === 0) return [];
      if (op === 1) return [e.data, e.data];
      if (op === 2) return [junk];
      return [e.data];
    }),
  );

/** Every call id of the turn appears in the result messages. */
function answersAll(dialect: Dialect, turn: ModelTurn): boolean {
  const messages = JSON.stringify(dialect.resultMessages(turn.calls.map((c) => ({ id: c.id, name: c.name, observation: Observation.fromText('ok') }))));
  return turn.calls.every((c) => messages.includes(JSON.stringify(c.id)));
}

describe.each(dialects)('fuzz: $dialect.api', ({ dialect, sse, json }) => {
  it('parseResponse never throws on arbitrary or malformed bodies; ids are unique and every call is answerable', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything({ maxDepth: 4 }), script.map(json)), (body) => {
        const turn = dialect.parseResponse(body);
        expect(new Set(turn.calls.map((c) => c.id)).size).toBe(turn.calls.length);
        expect(answersAll(dialect, turn)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('stream assembly never throws on dropped, duplicated, junk or cut events', () => {
    fc.assert(
      fc.property(script.chain((s) => mangled(sse(s))), (events) => {
        const assembler = dialect.createAssembler();
        const early: string[] = [];
        for (const e of events) early.push(...assembler.push(e).map((c) => c.id));
        const turn = assembler.finish();
        expect(new Set(turn.calls.map((c) => c.id)).size).toBe(turn.calls.length);
        // A call dispatched early is in the final turn under the same id.
        for (const id of early) expect(turn.calls.some((c) => c.id === id)).toBe(true);
        expect(answersAll(dialect, turn)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('runTools over mangled streams ends, and the next request answers every call', async () => {
    const agent = new Agent({ toolsets: [new FunctionToolset([new ToolDefinition({ name: 'add', description: 'adds', actionType: AddAction, annotations: { readOnlyHint: true }, executor: { execute: (a) => Observation.fromText(String(a.a)) } })])] });
    await agent.initialize(new ConversationState({ workingDir: '/tmp' }));
    await fc.assert(
      fc.asyncProperty(script.chain((s) => mangled(sse(s))), async (events) => {
        const requests: (readonly unknown[])[] = [];
        let first: ModelTurn | undefined;
        const model: ModelAdapter = {
          dialect,
          request: async (r) => {
            requests.push(r.messages);
            const assembler = dialect.createAssembler();
            if (requests.length === 1) {
              for (const e of events) assembler.push(e);
              first = assembler.finish();
              return first;
            }
            return dialect.parseResponse(json({ text: 'done' }));
          },
        };
        const result = await runTools({ model, agent, input: 'go', maxSteps: 2 });
        expect(['done', 'max-steps']).toContain(result.status);
        if (first && first.calls.length > 0) {
          const next = JSON.stringify(requests[1]);
          for (const c of first.calls) expect(next).toContain(JSON.stringify(c.id));
        }
      }),
      { numRuns: 60 },
    );
    await agent.close();
  });
});
