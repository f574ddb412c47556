import { describe, expect, it } from '@jest/globals';
import { JsonLineReader } from '../../src/mcp/json-line-reader.js';
import type { OversizeLine } from '../../src/mcp/json-line-reader.js';

function reader(max: number): { push: (s: string) => void; lines: string[]; oversize: OversizeLine[] } {
  const lines: string[] = [];
  const oversize: OversizeLine[] = [];
  const r = new JsonLineReader(max, { line: (t) => lines.push(t), oversize: (o) => oversize.push(o) });
  return { push: (s) => r.push(Buffer.from(s)), lines, oversize };
}

describe('JsonLineReader', () => {
  it('splits lines across chunks and drops \\r and blank lines', () => {
    const r = reader(1000);
    r.push('{"a":1}\r\n{"b"');
    r.push(':2}\n\n{"c":3}');
    expect(r.lines).toEqual(['{"a":1}', '{"b":2}']);
    r.push('\n');
    expect(r.lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  it('skips an oversize line and finds its id at the end (as the MCP SDK writes responses)', () => {
    const r = reader(64);
    const head = `{"result":{"content":[{"type":"text","text":"${'x'.repeat(100)}`;
    const tail = `${'y'.repeat(100)}"}]},"jsonrpc":"2.0","id":7}`;
    r.push(head);
    r.push(`${tail}\n{"ok":1}\n`);
    expect(r.oversize).toEqual([{ bytes: head.length + tail.length, id: 7 }]);
    expect(r.lines).toEqual(['{"ok":1}']);
  });

  it('finds a leading id and tolerates a line with none', () => {
    const r = reader(16);
    const line = `{"jsonrpc":"2.0","id":"req-1","result":"${'z'.repeat(40)}"}`;
    r.push(`${line}\n`);
    r.push(`${'q'.repeat(40)}\n`);
    expect(r.oversize).toEqual([
      { bytes: line.length, id: 'req-1' },
      { bytes: 40, id: undefined },
    ]);
  });
});
