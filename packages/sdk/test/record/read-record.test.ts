/** Reading a record: every malformed line is an error naming the line and what is wrong. */
import { describe, expect, it } from '@jest/globals';
import { readRecord } from '@toolwright/sdk';

const call = '{"v":1,"t":1.5,"type":"call","id":"c1","tool":"echo","arguments":"{}"}';
const end = '{"v":1,"t":2,"type":"end","status":"done"}';

describe('readRecord', () => {
  it('reads one entry per line, skipping blank lines', () => {
    expect(readRecord(`${call}\n\n${end}\n`).map((e) => e.type)).toEqual(['call', 'end']);
  });

  it('names a cut-off last line (no newline, not complete JSON)', () => {
    expect(() => readRecord(`${call}\n${end.slice(0, 20)}`, { source: 's.jsonl' })).toThrow("s.jsonl line 2: the last line is cut off (not complete JSON and no newline after it): the writer stopped mid-line.");
  });

  it('names a line that is not JSON', () => {
    expect(() => readRecord(`${call}\nhello\n${end}\n`, { source: 's.jsonl' })).toThrow(/^s\.jsonl line 2: not JSON \(/);
  });

  it('refuses another record version and lines without one', () => {
    expect(() => readRecord(`${call.replace('"v":1', '"v":2')}\n`)).toThrow('record line 1: record version 2 is not supported; this Toolwright reads version 1.');
    expect(() => readRecord('{"t":1,"type":"end","status":"x"}\n')).toThrow("record line 1: no record version 'v'");
  });

  it('refuses an unknown entry type and an entry missing a field', () => {
    expect(() => readRecord('{"v":1,"t":0,"type":"dance"}\n')).toThrow('record line 1: unknown entry type "dance"; expected one of session, tool,');
    expect(() => readRecord('{"v":1,"t":0,"type":"call","tool":"echo"}\n')).toThrow("record line 1: call entry: 'id' must be a string.");
    expect(() => readRecord('[1]\n')).toThrow('record line 1: expected a JSON object');
  });

  it('reads a failed model request (model-error) and names a malformed one', () => {
    const failed = '{"v":1,"t":3,"type":"model-error","step":2,"name":"ToolwrightError","message":"The model API answered 500","code":"INTERNAL","status":500,"ms":12.5}';
    expect(readRecord(`${failed}\n`)).toEqual([{ v: 1, t: 3, type: 'model-error', step: 2, name: 'ToolwrightError', message: 'The model API answered 500', code: 'INTERNAL', status: 500, ms: 12.5 }]);
    expect(() => readRecord(`${call}\n${failed.replace(',"message":"The model API answered 500"', '')}\n`, { source: 's.jsonl' })).toThrow("s.jsonl line 2: model-error entry: 'message' must be a string.");
    expect(() => readRecord(`${failed.replace('"status":500', '"status":"500"')}\n`)).toThrow("record line 1: model-error entry: 'status', when present, must be a number.");
    expect(() => readRecord(`${failed.replace(',"ms":12.5', ',"aborted":"yes","ms":1')}\n`)).toThrow("record line 1: model-error entry: 'aborted', when present, must be a boolean.");
    expect(() => readRecord(`${failed.replace(',"ms":12.5', '')}\n`)).toThrow("record line 1: model-error entry: 'ms' must be a number.");
  });

  it('caps huge lines, naming the line and the limit', () => {
    const huge = `{"v":1,"t":0,"type":"end","status":"${'x'.repeat(2000)}"}`;
    expect(() => readRecord(`${end}\n${huge}\n`, { maxLineLength: 1000 })).toThrow(/^record line 2: the line is 20\d\d characters long, over the limit of 1000/);
  });
});
