// The docs checker itself: an excerpt that drifted from its file is caught.
import { describe, expect, it } from '@jest/globals';
import { codeBlocksOf, excerptProblem, shellCommandsOf } from './code-blocks.js';

const SOURCE = ['export function f(): number {', '  const a = 1;', '  const b = 2;', '  return a + b;', '}', ''].join('\n');

describe('excerptProblem', () => {
  it('accepts verbatim lines, dedented chunks and elisions in order', () => {
    expect(excerptProblem(SOURCE, SOURCE)).toBeUndefined();
    expect(excerptProblem('const a = 1;\nconst b = 2;', SOURCE)).toBeUndefined();
    expect(excerptProblem('export function f(): number {\n// …\n  return a + b;', SOURCE)).toBeUndefined();
  });

  it('refuses a changed line, a missing line, lines out of order and a chunk at two indentations', () => {
    expect(excerptProblem('const a = 2;', SOURCE)).toBe("no line 'const a = 2;'");
    expect(excerptProblem('const a = 1;\nreturn a + b;', SOURCE)).toMatch(/not consecutive/);
    expect(excerptProblem('return a + b;\n// …\nconst a = 1;', SOURCE)).toMatch(/not consecutive|out of order/);
    expect(excerptProblem('export function f(): number {\nconst a = 1;', SOURCE)).toMatch(/not consecutive/);
  });
});

describe('codeBlocksOf and shellCommandsOf', () => {
  it('reads the language, the excerpt marker and the code', () => {
    const md = ['text', '<!-- excerpt: examples/a.ts -->', '', '```ts', 'const x = 1;', '```', '```', 'plain', '```'].join('\n');
    expect(codeBlocksOf('a.md', md)).toEqual([
      { file: 'a.md', line: 4, language: 'ts', code: 'const x = 1;', excerpt: 'examples/a.ts' },
      { file: 'a.md', line: 7, language: '', code: 'plain' },
    ]);
    expect(() => codeBlocksOf('b.md', '```ts\nnever closed')).toThrow('b.md:1: unclosed code fence');
  });

  it('finds toolwright commands with their flags, npm scripts and examples', () => {
    const script = "npx toolwright call glob '{\"pattern\":\"--x\"}' --json   # --not-a-flag\nnpm run bench -- kernel && node examples/dist/quick-start.js";
    expect(shellCommandsOf(script)).toEqual([
      { kind: 'toolwright', name: 'call', flags: ['--json'] },
      { kind: 'npm-run', name: 'bench' },
      { kind: 'example', name: 'quick-start' },
    ]);
  });
});
