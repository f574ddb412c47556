import { describe, expect, it } from '@jest/globals';
import { parseShellLine } from '../../src/shell/parse-shell-line.js';

describe('parseShellLine', () => {
  it('takes `call TOOL JSON` as the CLI docs write it, with or without shell quotes', () => {
    expect(parseShellLine('call think {"thought": "a b"}')).toEqual({ kind: 'call', tool: 'think', args: '{"thought": "a b"}' });
    expect(parseShellLine(`call think '{"thought": "it'\\''s"}'`)).toEqual({ kind: 'call', tool: 'think', args: `{"thought": "it's"}` });
    expect(parseShellLine('call glob @args.json --timeout 5')).toEqual({ kind: 'call', tool: 'glob', args: '@args.json', timeoutSeconds: '5' });
    expect(parseShellLine('call finish')).toEqual({ kind: 'call', tool: 'finish', args: '' });
  });

  it('accepts a whole command line copied with toolwright or npx toolwright in front', () => {
    expect(parseShellLine(`npx toolwright call glob '{"pattern":"**/*.ts"}'`)).toEqual({ kind: 'call', tool: 'glob', args: '{"pattern":"**/*.ts"}' });
    expect(parseShellLine('toolwright schema grep --format anthropic')).toMatchObject({ kind: 'schema', tools: ['grep'], format: 'anthropic' });
  });

  it('keeps the short form `TOOL JSON`', () => {
    expect(parseShellLine('glob {"pattern": "*"}')).toEqual({ kind: 'call', tool: 'glob', args: '{"pattern": "*"}' });
  });

  it('takes `schema [TOOL…]` with the command line options', () => {
    expect(parseShellLine('schema')).toEqual({ kind: 'schema', tools: [], format: 'openai', strict: false, securityRisk: false, summary: false });
    expect(parseShellLine('schema grep glob --format=gemini --strict --security-risk --summary')).toEqual({
      kind: 'schema',
      tools: ['grep', 'glob'],
      format: 'gemini',
      strict: true,
      securityRisk: true,
      summary: true,
    });
  });

  it('names what is wrong in a schema or call line', () => {
    expect(parseShellLine('schema --format antropic')).toEqual({ kind: 'error', message: "schema: unknown format 'antropic'. Did you mean 'anthropic'? Expected one of: openai, responses, anthropic, gemini, mcp." });
    expect(parseShellLine('schema --json')).toMatchObject({ kind: 'error', message: expect.stringContaining("unknown option '--json'") });
    expect(parseShellLine('call')).toMatchObject({ kind: 'error', message: expect.stringContaining('which tool?') });
    expect(parseShellLine('call think -')).toMatchObject({ kind: 'error', message: expect.stringContaining('command line only') });
  });

  it('reads help, list, exit and empty lines', () => {
    expect(parseShellLine('help')).toEqual({ kind: 'help' });
    expect(parseShellLine('help grep')).toEqual({ kind: 'help', tool: 'grep' });
    expect(parseShellLine('list')).toEqual({ kind: 'list' });
    expect(parseShellLine('quit')).toEqual({ kind: 'exit' });
    expect(parseShellLine('   ')).toEqual({ kind: 'empty' });
  });
});
