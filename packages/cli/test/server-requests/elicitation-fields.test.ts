import { describe, expect, it } from '@jest/globals';
import type { JsonSchema, McpServerConfig } from '@toolwright/sdk';
import { elicitationFields, parseFieldAnswer, shownDefault } from '../../src/server-requests/elicitation-fields.js';
import { withServerRequests } from '../../src/server-requests/with-server-requests.js';
import type { ServerRequestAnswers } from '../../src/server-requests/server-request-answers.js';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2, maxLength: 5 },
    age: { type: 'integer', minimum: 0, maximum: 150, default: 30 },
    size: { type: 'string', enum: ['s', 'm'], enumNames: ['Small', 'Medium'] },
    tags: { type: 'array', items: { anyOf: [{ const: 'a', title: 'Alpha' }, { const: 'b', title: 'Beta' }] }, maxItems: 1, default: ['b'] },
    site: { type: 'string', format: 'uri' },
  },
  required: ['name'],
};

describe('elicitation fields at the terminal', () => {
  const [name, age, size, tags, site] = elicitationFields(schema);

  it('reads kind, choices, limits, format and default from the requested schema', () => {
    expect([name, age].map((f) => [f!.label, f!.kind, f!.required, f!.min, f!.max, f!.default])).toEqual([
      ['Name', 'string', true, 2, 5, undefined],
      ['age', 'integer', false, 0, 150, 30],
    ]);
    expect([size!.kind, size!.choices, tags!.kind, tags!.choices, site!.format]).toEqual([
      'choice',
      [{ value: 's', label: 'Small' }, { value: 'm', label: 'Medium' }],
      'choices',
      [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'Beta' }],
      'uri',
    ]);
    expect([shownDefault(age!), shownDefault(tags!)]).toEqual(['30', 'Beta']);
  });

  it('turns typed lines into values, or says what fits', () => {
    expect(parseFieldAnswer(name!, 'A')).toEqual({ problem: 'expected at least 2 characters.' });
    expect(parseFieldAnswer(name!, 'Adaline')).toEqual({ problem: 'expected at most 5 characters.' });
    expect(parseFieldAnswer(age!, '151')).toEqual({ problem: 'expected at most 150.' });
    expect(parseFieldAnswer(age!, 'x')).toEqual({ problem: 'expected a number, got "x".' });
    expect(parseFieldAnswer(age!, '42')).toEqual({ value: 42 });
    expect([parseFieldAnswer(size!, '2'), parseFieldAnswer(size!, 'Small'), parseFieldAnswer(size!, 's'), parseFieldAnswer(size!, '3')]).toEqual([
      { value: 'm' },
      { value: 's' },
      { value: 's' },
      { problem: 'expected one of 1-2 or a listed value.' },
    ]);
    expect(parseFieldAnswer(tags!, '1, Beta')).toEqual({ problem: 'pick at most 1.' });
    expect(parseFieldAnswer(tags!, 'Alpha')).toEqual({ value: ['a'] });
    expect(parseFieldAnswer(site!, 'example.com')).toEqual({ problem: 'expected an absolute URI (e.g. https://example.com).' });
  });
});

describe('withServerRequests', () => {
  it("binds true to the answers, naming the server, and leaves handlers, 'defaults' and other servers alone", async () => {
    const seen: string[] = [];
    const answers: ServerRequestAnswers = {
      sample: async (_r, asker) => (seen.push(asker), { role: 'assistant', content: { type: 'text', text: 'ok' } }),
      elicit: async (_r, asker) => (seen.push(asker), { action: 'decline' }),
    };
    const own = async () => ({ action: 'cancel' as const });
    const servers: Record<string, McpServerConfig> = {
      a: { command: 'x', capabilities: { sampling: true, elicitation: true } },
      b: { command: 'y', capabilities: { elicitation: 'defaults' } },
      c: { command: 'z', capabilities: { elicitation: own } },
      d: { command: 'w' },
    };
    const bound = withServerRequests(servers, answers)!;
    expect([bound.b, bound.c, bound.d]).toEqual([servers.b, servers.c, servers.d]);
    expect(servers.a!.capabilities!.sampling).toBe(true);
    const caps = bound.a!.capabilities!;
    if (typeof caps.sampling !== 'function' || typeof caps.elicitation !== 'function') throw new Error('not bound');
    await caps.sampling({ messages: [], maxTokens: 1 }, 'a');
    await caps.elicitation({ message: 'm', requestedSchema: { type: 'object' } }, 'a');
    expect(seen).toEqual(["MCP server 'a'", "MCP server 'a'"]);
  });
});
