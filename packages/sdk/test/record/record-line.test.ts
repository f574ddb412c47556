/** A record line is the entry's JSON stamped with `v` and `t`, whichever way it is put together. */
import { describe, expect, it } from '@jest/globals';
import { Observation } from '@toolwright/sdk';
import type { RecordInput } from '@toolwright/sdk';
import { CallLine, msText, PlainObservationLine, recordLine, roundMs } from '../../src/record/record-line.js';

const stamped = (entry: RecordInput): unknown => ({ v: 1, t: 1.235, ...entry });

describe('recordLine', () => {
  const cases: [string, RecordInput][] = [
    ['a call with JSON text arguments', { type: 'call', id: 'c"1', tool: 'echo', arguments: '{"text":"a\\nb ü \u2028"}' }],
    ['a call with object arguments', { type: 'call', id: 'c1', tool: 'echo', arguments: { text: 'x' } }],
    ['a text observation', { type: 'observation', id: 'c1', tool: 'echo', observation: Observation.fromText('line 1\n"two"').toJSON(), ms: 0.012 }],
    ['an error observation with a code', { type: 'observation', id: 'c1', tool: 'echo', observation: Observation.fromText('nope', { isError: true, errorCode: 'PERMISSION_DENIED' }).toJSON(), ms: 3 }],
    ['an image observation', { type: 'observation', id: 'c1', tool: 'snap', observation: { kind: 'Observation', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }], isError: false }, ms: 1 }],
    ['a pending observation', { type: 'observation', id: 'c1', tool: 'w', observation: Observation.fromText('waits').toJSON(), pending: true, ms: 1 }],
    ['an observation with fields', { type: 'observation', id: 'c1', tool: 'g', observation: { kind: 'GrepObservation', matches: 3, content: [{ type: 'text', text: '3' }], isError: false }, ms: 1 }],
    ['a decision', { type: 'decision', id: 'c1', tool: 'echo', behavior: 'deny', reason: 'rule', rule: 'echo' }],
  ];
  it.each(cases)('writes %s as its JSON, stamped', (_name, entry) => {
    const line = recordLine(entry, 1.2345);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(stamped(entry));
    expect(line.startsWith('{"v":1,"t":1.235,"type":')).toBe(true);
  });

  it('writes what JSON cannot carry as text instead of throwing', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const line = recordLine({ type: 'log', id: 'c1', tool: 't', level: 'info', data: { big: 10n, cyclic } }, 0);
    expect(JSON.parse(line)).toMatchObject({ type: 'log', data: { big: '10n', cyclic: { a: 1, self: '[Circular]' } } });
  });

  it('writes the entries the agent makes exactly as JSON.stringify writes their plain form', () => {
    const text = Observation.fromText('line 1\n"two" \u2028 ü');
    const error = Observation.fromText('nope', { isError: true, errorCode: 'TIMEOUT' });
    const mixed = Observation.fromText('a');
    mixed.content = [{ type: 'text', text: 'a' }, { type: 'image', data: 'AAAA', mimeType: 'image/png' }, { type: 'text', text: 'b', annotations: { priority: 1 } }] as unknown as Observation['content'];
    const entries: [RecordInput, RecordInput][] = [
      [new CallLine('call_1', 'echo', '{"text":"a\\nb"}'), { type: 'call', id: 'call_1', tool: 'echo', arguments: '{"text":"a\\nb"}' }],
      [new CallLine('id "quoted"\n', 'tool "odd"', { nested: ['x'] }), { type: 'call', id: 'id "quoted"\n', tool: 'tool "odd"', arguments: { nested: ['x'] } }],
      [new PlainObservationLine('c1', 'echo', text, 0.012), { type: 'observation', id: 'c1', tool: 'echo', observation: text.toJSON(), ms: 0.012 }],
      [new PlainObservationLine('c1', 'echo', error, 1234.5), { type: 'observation', id: 'c1', tool: 'echo', observation: error.toJSON(), ms: 1234.5 }],
      [new PlainObservationLine('c1', 'echo', mixed, 7), { type: 'observation', id: 'c1', tool: 'echo', observation: mixed.toJSON(), ms: 7 }],
    ];
    for (const [fast, plain] of entries) {
      expect(recordLine(fast, 12.3456)).toBe(JSON.stringify({ v: 1, t: 12.346, ...plain }));
    }
  });

  it('formats times as JSON writes the number rounded to µs', () => {
    const values = [0, 0.0004, 0.0005, 0.001, 0.01, 0.1, 0.12, 0.123, 1, 1.5, 1.05, 1.005, 999.999, 1e6 + 0.25, 123456789.987];
    for (let i = 0; i < 2000; i++) values.push(Math.random() * 10 ** Math.floor(Math.random() * 9));
    for (const value of values) expect(msText(value)).toBe(JSON.stringify(roundMs(value)));
    expect(msText(-1.5)).toBe(JSON.stringify(roundMs(-1.5)));
    expect(msText(Number.NaN)).toBe('null');
  });
});
