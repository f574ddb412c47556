import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { checkAgentSpec } from '../../packages/sdk/src/registry/check-agent-spec.js';
import { codeBlocksOf, excerptProblem, shellCommandsOf, type CodeBlock } from './code-blocks.js';

// Every code block of the README and docs/ is checked here, so a block cannot drift from the code:
// - TypeScript (and HAProxy) blocks are excerpts of files the suite compiles and runs, named by an
//   `<!-- excerpt: path -->` line right above the fence; `// …` lines in a block stand for elided
//   lines. The test checks the excerpt is verbatim, in order.
// - YAML blocks parse, and an agent spec among them passes the spec checker; JSON blocks parse.
// - Shell blocks: every `toolwright` command exists and takes the flags written; `npm run X`
//   names a script; `node examples/dist/X.js` an example.
// - Output samples are fenced as `text`; an unlabelled fence is refused.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(ROOT, 'packages/cli/dist/bin.js');
const DOCS = ['README.md', ...markdownUnder('docs')];
const BLOCKS: CodeBlock[] = DOCS.flatMap((file) => codeBlocksOf(file, readFileSync(join(ROOT, file), 'utf8')));
const SCRIPTS = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
const LANGUAGES = new Set(['ts', 'bash', 'sh', 'yaml', 'json', 'jsonc', 'haproxy', 'text']);

function markdownUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

function where(block: CodeBlock): string {
  return `${block.file}:${block.line}`;
}

/** Files the suite compiles: examples/ (tsc -p examples in test/examples) and the typechecked tree. */
function isCompiledByTheSuite(path: string): boolean {
  return /^(examples|packages\/[^/]+\/(src|test)|tools\/(src|test)|test)\/.+\.ts$/.test(path);
}

const helpCache = new Map<string, string>();
function helpOf(command: string): string {
  let text = helpCache.get(command);
  if (text === undefined) {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.NODE_OPTIONS;
    const args = command === '' ? ['--help'] : ['help', ...command.split(' ')];
    text = execFileSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8', timeout: 30_000 });
    helpCache.set(command, text);
  }
  return text;
}

function commandNames(): string[] {
  const top = helpOf('');
  const section = top.slice(top.indexOf('Commands:'), top.indexOf('Options for every command:'));
  return [...section.matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map((m) => m[1]!);
}

describe('code blocks of the README and docs/', () => {
  it('finds the blocks (the docs exist and are parsed)', () => {
    expect(DOCS).toContain('docs/concepts.md');
    expect(BLOCKS.filter((b) => b.language === 'ts').length).toBeGreaterThan(10);
  });

  it('every fence names its language', () => {
    const bad = BLOCKS.filter((b) => !LANGUAGES.has(b.language)).map((b) => `${where(b)} '${b.language}'`);
    expect(bad).toEqual([]);
  });

  it('every TypeScript and HAProxy block is a verbatim excerpt of a file the suite compiles or loads', () => {
    const problems: string[] = [];
    for (const block of BLOCKS.filter((b) => b.language === 'ts' || b.language === 'haproxy')) {
      if (block.excerpt === undefined) {
        problems.push(`${where(block)}: no <!-- excerpt: path --> line above the fence`);
        continue;
      }
      const path = join(ROOT, block.excerpt);
      if (!existsSync(path)) {
        problems.push(`${where(block)}: ${block.excerpt} does not exist`);
        continue;
      }
      if (block.language === 'ts' && !isCompiledByTheSuite(block.excerpt)) problems.push(`${where(block)}: ${block.excerpt} is not compiled by the suite`);
      const problem = excerptProblem(block.code, readFileSync(path, 'utf8'));
      if (problem !== undefined) problems.push(`${where(block)}: not an excerpt of ${block.excerpt}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('YAML blocks parse, and agent specs among them pass the spec checker; JSON blocks parse', () => {
    const problems: string[] = [];
    for (const block of BLOCKS) {
      try {
        if (block.language === 'yaml') {
          const value: unknown = parseYaml(block.code);
          const isSpec = typeof value === 'object' && value !== null && ('tools' in value || 'mcpServers' in value || 'permissions' in value);
          const problem = isSpec ? checkAgentSpec(value) : undefined;
          if (problem !== undefined) problems.push(`${where(block)}: agent spec: ${JSON.stringify(problem)}`);
        } else if (block.language === 'json') {
          JSON.parse(block.code);
        } else if (block.language === 'jsonc') {
          JSON.parse(block.code.replace(/^\s*\/\/.*$/gm, '').replace(/\s\/\/ .*$/gm, ''));
        }
      } catch (error) {
        problems.push(`${where(block)}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('shell blocks name commands, flags, npm scripts and examples that exist', () => {
    const commands = commandNames();
    expect(commands).toEqual(expect.arrayContaining(['list', 'call', 'serve', 'run']));
    const problems: string[] = [];
    for (const block of BLOCKS.filter((b) => b.language === 'bash' || b.language === 'sh')) {
      for (const command of shellCommandsOf(block.code)) {
        if (command.kind === 'npm-run' && !SCRIPTS.includes(command.name)) problems.push(`${where(block)}: npm run ${command.name}: no such script`);
        if (command.kind === 'example' && !existsSync(join(ROOT, 'examples', `${command.name}.ts`))) problems.push(`${where(block)}: examples/${command.name}.ts does not exist`);
        if (command.kind !== 'toolwright') continue;
        const sub = command.name === '' || commands.includes(command.name) ? command.name : undefined;
        if (sub === undefined) {
          problems.push(`${where(block)}: toolwright ${command.name}: no such command`);
          continue;
        }
        const help = helpOf(sub);
        for (const flag of command.flags) if (!help.includes(flag)) problems.push(`${where(block)}: toolwright ${sub}: no option ${flag}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
