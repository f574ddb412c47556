import { describe, expect, it } from '@jest/globals';
import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConversationState } from '@toolwright/sdk';
import type { ToolDefinition } from '@toolwright/sdk';
import type { GrepObservation } from '@toolwright/tools';
import { fixture, registry } from './support/fixture.js';

let age = 1_000;
function put(root: string, rel: string, text: string | Buffer): void {
  const path = join(root, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  const t = Date.now() / 1000 - age--;
  utimesSync(path, t, t);
}

/** A tree exercising every rule of the file set: hidden, .gitignore (nested, negated), binary, links. */
function buildTree(root: string): void {
  put(root, '.gitignore', 'dist/\nnode_modules\n*.log\n!keep.log\n');
  put(root, 'a.js', 'const foo = 1;\n');
  put(root, '.b.js', 'foo hidden file\n');
  put(root, 'src/c.ts', 'export function Foo() {}\n');
  put(root, 'src/sub/d.tsx', 'FOO\n');
  put(root, 'src/.gitignore', 'sub.tsx\n');
  put(root, 'src/sub.tsx', 'foo ignored by nested gitignore\n');
  put(root, 'dist/e.js', 'foo in ignored dir\n');
  put(root, '.hid/f.js', 'foo in hidden dir\n');
  put(root, 'node_modules/pkg/g.js', 'foo in node_modules\n');
  put(root, 'logs/x.log', 'foo log\n');
  put(root, 'keep.log', 'foo kept log\n');
  put(root, 'bin.dat', Buffer.from('foo\0bar'));
  put(root, 'empty.txt', '');
  put(root, 'multi.txt', 'alpha\nbeta foo-bar\ngamma\n');
  put(root, 'unicode.md', 'naïve fooé\n');
  symlinkSync(join(root, 'a.js'), join(root, 'link.js'));
  symlinkSync(join(root, 'src'), join(root, 'linkdir'));
}

async function grepWith(dir: string, backend: 'js' | 'ripgrep'): Promise<{ tool: ToolDefinition; state: ConversationState }> {
  const state = new ConversationState({ workingDir: dir });
  const [tool] = await registry.resolve({ name: 'grep', params: { backend } }, state);
  return { tool: tool!, state };
}

const cases: Array<Record<string, unknown>> = [
  { pattern: 'foo' },
  { pattern: 'FOO', include: '*.{ts,tsx}' },
  { pattern: 'foo', include: '*.js' },
  { pattern: 'foo', include: '*.log' },
  { pattern: 'foo', include: 'src/**/*.tsx' },
  { pattern: '^beta' },
  { pattern: 'a$' },
  { pattern: 'foo\\b' },
  { pattern: 'x*' },
  { pattern: 'function\\s+\\w+' },
  { pattern: '(?<=const )foo' },
  { pattern: '(fo)\\1' },
  { pattern: 'alpha\\sbeta' },
  { pattern: 'nothing-matches-this' },
];

describe('grep', () => {
  it('gives identical results with ripgrep and with the JavaScript search on the same tree', async () => {
    const f = fixture();
    buildTree(f.dir);
    const rg = await grepWith(f.dir, 'ripgrep');
    const js = await grepWith(f.dir, 'js');
    try {
      for (const args of cases) {
        const a = (await rg.tool.call(rg.tool.actionFromArguments(args))) as GrepObservation;
        const b = (await js.tool.call(js.tool.actionFromArguments(args))) as GrepObservation;
        expect({ args, matches: a.matches, text: a.text }).toEqual({ args, matches: b.matches, text: b.text });
        expect(b.backend).toBe('js');
      }
    } finally {
      await rg.state.close();
      await js.state.close();
      await f.cleanup();
    }
  });

  it('uses ripgrep when asked, and falls back to JavaScript for patterns ripgrep rejects', async () => {
    const f = fixture();
    buildTree(f.dir);
    const rg = await grepWith(f.dir, 'ripgrep');
    try {
      const plain = (await rg.tool.call(rg.tool.actionFromArguments({ pattern: 'foo' }))) as GrepObservation;
      expect(plain.backend).toBe('ripgrep');
      const look = (await rg.tool.call(rg.tool.actionFromArguments({ pattern: '(?<=const )foo' }))) as GrepObservation;
      expect(look.backend).toBe('js');
      expect(look.matches).toEqual([join(f.dir, 'a.js')]);
    } finally {
      await rg.state.close();
      await f.cleanup();
    }
  });

  it('lists files newest first, skips hidden, ignored, binary and linked files, honours .gitignore negation', async () => {
    const f = fixture();
    buildTree(f.dir);
    try {
      const grep = await f.tool('grep');
      const result = (await f.call(grep, { pattern: 'foo' })) as GrepObservation;
      expect(result.matches).toEqual(['unicode.md', 'multi.txt', 'keep.log', 'src/sub/d.tsx', 'src/c.ts', 'a.js'].map((p) => join(f.dir, p)));
      expect(result.text).toBe(`Found 6 file(s) containing pattern 'foo' in '${f.dir}':\n${result.matches.join('\n')}`);
      const filtered = await f.call(grep, { pattern: 'foo', include: '*.ts', path: join(f.dir, 'src') });
      expect(filtered.text).toBe(`Found 1 file(s) containing pattern 'foo' in '${join(f.dir, 'src')}' (filtered by '*.ts'):\n${join(f.dir, 'src/c.ts')}`);
    } finally {
      await f.cleanup();
    }
  });

  it('reports no match plainly, and an invalid regex or directory as errors', async () => {
    const f = fixture();
    try {
      const grep = await f.tool('grep');
      const none = await f.call(grep, { pattern: 'zzz', include: '*.py' });
      expect(none.isError).toBe(false);
      expect(none.text).toBe(`No files found containing pattern 'zzz' in directory '${f.dir}' (filtered by '*.py')`);
      const bad = await f.call(grep, { pattern: 'a(' });
      expect(bad.isError).toBe(true);
      expect(bad.text).toBe('Invalid regex pattern: Invalid regular expression: /a(/im: Unterminated group');
      const noDir = await f.call(grep, { pattern: 'a', path: '/no/such/dir' });
      expect(noDir.isError).toBe(true);
      expect(noDir.text).toBe("Search path '/no/such/dir' is not a valid directory");
      expect(grep.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    } finally {
      await f.cleanup();
    }
  });

  it('keeps the 100 newest matches with a truncation note, the same with both backends', async () => {
    const f = fixture();
    for (let i = 0; i < 120; i++) put(f.dir, `d${i % 7}/f${i}.txt`, 'needle\n');
    const rg = await grepWith(f.dir, 'ripgrep');
    const js = await grepWith(f.dir, 'js');
    try {
      const a = (await rg.tool.call(rg.tool.actionFromArguments({ pattern: 'needle' }))) as GrepObservation;
      const b = (await js.tool.call(js.tool.actionFromArguments({ pattern: 'needle' }))) as GrepObservation;
      expect(a.matches).toHaveLength(100);
      expect(a.truncated).toBe(true);
      expect(a.matches[0]).toBe(join(f.dir, 'd0/f119.txt'));
      expect(a.text.endsWith('[Results truncated to the 100 most recently modified files. Use a more specific pattern, path or include.]')).toBe(true);
      expect(b.matches).toEqual(a.matches);
    } finally {
      await rg.state.close();
      await js.state.close();
      await f.cleanup();
    }
  });

  it("refuses backend 'ripgrep' at create when the command does not run", async () => {
    const f = fixture();
    try {
      await expect(f.tool('grep', { backend: 'ripgrep', ripgrepCommand: 'no-such-rg-binary' })).rejects.toThrow(
        "grep: backend 'ripgrep' was requested but 'no-such-rg-binary' does not run. Install ripgrep or use backend 'auto' or 'js'.",
      );
    } finally {
      await f.cleanup();
    }
  });
});
