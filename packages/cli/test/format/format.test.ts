import { describe, expect, it } from '@jest/globals';
import { Chalk } from 'chalk';
import { DEFAULT_ANNOTATIONS, resolveAnnotations } from '@toolwright/sdk';
import { annotationBadges } from '../../src/format/annotation-badges.js';
import { renderContent } from '../../src/format/render-content.js';
import { renderToolHelp, schemaTypeLabel } from '../../src/format/tool-help.js';
import { renderToolTable, toolRowJson } from '../../src/format/tool-table.js';
import { sampleTools } from '../helpers/sample-tools.js';

const plain = new Chalk({ level: 0 });

describe('annotationBadges', () => {
  it('reads hints as MCP clients do (unset hints take the defaults)', () => {
    expect(annotationBadges(DEFAULT_ANNOTATIONS)).toEqual(['destructive', 'open-world']);
    expect(annotationBadges(resolveAnnotations({ readOnlyHint: true, idempotentHint: true, openWorldHint: false }))).toEqual(['read-only', 'idempotent']);
    expect(annotationBadges(resolveAnnotations({ destructiveHint: false, openWorldHint: false }))).toEqual([]);
  });
});

describe('renderToolTable', () => {
  const rows = sampleTools().map((t) => ({ name: t.name, origin: t.name === 'fail' ? 'mcp:everything' : 'builtin', description: t.description, annotations: t.annotations }));

  it('aligns name, origin, badges and the first line of the description', () => {
    const lines = renderToolTable(rows, plain).split('\n');
    expect(lines[0]).toBe('TOOL   ORIGIN          ANNOTATIONS             DESCRIPTION');
    expect(lines[1]).toBe('echo   builtin         read-only idempotent    Echo the text back.');
    expect(lines[5]).toBe('fail   mcp:everything  destructive open-world  Always fails.');
  });

  it('shows the first sentence of a first line that has several', () => {
    const row = { ...rows[0]!, description: 'Ends the task. Call it when:\n- done' };
    expect(renderToolTable([row], plain).split('\n')[1]).toBe('echo  builtin  read-only idempotent  Ends the task.');
  });

  it('cuts descriptions to the terminal width', () => {
    const line = renderToolTable(rows, plain, 60).split('\n')[2]!;
    expect(line.length).toBe(60);
    expect(line.endsWith('…')).toBe(true);
  });

  it('gives scripts name, origin, annotations and badges', () => {
    expect(toolRowJson(rows[0]!)).toEqual({
      name: 'echo',
      origin: 'builtin',
      description: 'Echo the text back.',
      annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      badges: ['read-only', 'idempotent'],
    });
  });
});

describe('renderToolHelp', () => {
  it('lists the parameters from the schema and an example call', () => {
    const echo = sampleTools()[0]!;
    expect(renderToolHelp(echo, 'builtin', plain)).toBe(
      [
        'echo — Echo (builtin) read-only idempotent',
        '',
        '  Echo the text back.',
        '',
        'Parameters:',
        '  text   string  required',
        '         Text to echo back',
        '  times  integer  optional  (≥ 1)',
        '         How many times',
        '',
        'Example: echo {"text":"…"}',
      ].join('\n'),
    );
  });

  it('labels enums, arrays and unions', () => {
    expect(schemaTypeLabel({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(schemaTypeLabel({ type: 'array', items: { type: 'string' } })).toBe('string[]');
    expect(schemaTypeLabel({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaTypeLabel({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } })).toBe('(string | integer)[]');
  });
});

describe('renderContent', () => {
  it('prints text and one line per other block', () => {
    expect(
      renderContent([
        { type: 'text', text: 'hello' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///a', name: 'a' },
        { type: 'resource', resource: { uri: 'file:///b', blob: 'AA', mimeType: 'application/zip' } },
      ]),
    ).toBe('hello\n[image image/png, 4 base64 chars]\n[link file:///a (a)]\n[resource file:///b application/zip]');
  });
});
