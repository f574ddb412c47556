/** A record line is the entry's JSON stamped with `v` and `t`, whichever way it is put together. */
import { describe, expect, it } from '@jest/globals';
import { Observation } from '@toolwright/sdk';
import type { RecordInput } from '@toolwright/sdk';
import { recordLine } from '../../src/record/record-line.js';

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
});
