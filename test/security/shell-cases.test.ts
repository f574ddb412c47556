import { describe, expect, it } from '@jest/globals';
import { allowedPrograms } from './read-only-sandbox.js';
import type { CommandSpec } from './command-specs.js';
import { parseHelpFlags } from './help-flags.js';
import { generateCases, sampleCases } from './shell-cases.js';

describe('parseHelpFlags', () => {
  it('reads GNU option lines, giving a short flag the value its long form names', () => {
    const help = [
      'Usage: sort [OPTION]... [FILE]...',
      '  -o, --output=FILE         write result to FILE instead of standard output',
      '  -r, --reverse             reverse the result of comparisons',
      '      --color[=WHEN]        color the output WHEN',
      '  -p, --indicator-style=slash',
      '                            with -o, --output the file is written',
    ].join('\n');
    expect(parseHelpFlags(help)).toEqual([
      { name: '-o', arg: 'required', placeholder: 'FILE', arity: 1 },
      { name: '--output', arg: 'required', placeholder: 'FILE', arity: 1 },
      { name: '-r', arg: 'none', placeholder: '', arity: 0 },
      { name: '--reverse', arg: 'none', placeholder: '', arity: 0 },
      { name: '--color', arg: 'optional', placeholder: 'WHEN', arity: 1 },
      { name: '-p', arg: 'none', placeholder: '', arity: 0 },
      { name: '--indicator-style', arg: 'required', placeholder: 'slash', arity: 1 },
    ]);
  });

  it("reads git's <placeholders>, find's single-dash words and usage lines; prose mentioning a flag defines nothing", () => {
    const help = [
      'usage: git status [<options>] [--] [<pathspec>...]',
      '   or: git remote add [-t <branch>] [-f] [--tags | --no-tags] <name> <url>',
      '    -u, --untracked-files[=<mode>]',
      '      -fprintf FILE FORMAT -print -fls FILE',
      '--split-index), Otherwise you can use no to have git status return',
    ].join('\n');
    expect(parseHelpFlags(help).map((f) => `${f.name}:${f.arg}:${f.arity}`)).toEqual([
      '-t:required:1',
      '-f:none:0',
      '--tags:none:0',
      '--no-tags:none:0',
      '-u:none:0',
      '--untracked-files:optional:1',
      '-fprintf:required:2',
      '-print:none:0',
      '-fls:required:1',
    ]);
  });

  it("removes less's overstrike and dot leaders", () => {
    const bold = (s: string) => [...s].map((c) => `${c}\b${c}`).join('');
    expect(parseHelpFlags(`  ${bold('-o')} [${bold('file')}]  .  ${bold('--log-file')}=[${bold('file')}]\n`).map((f) => f.name)).toEqual(['-o', '--log-file']);
  });

  it('takes only definition lines of a man page when told their indentation', () => {
    const man = ['       --output=<file>', '           Output to a specific file instead of stdout; see', '           --no-index for more.'].join('\n');
    expect(parseHelpFlags(man, { maxIndent: 7 }).map((f) => f.name)).toEqual(['--output']);
  });
});

describe('generateCases', () => {
  const sort: CommandSpec = { name: 'sort', help: [], operands: ['README.md', '-'] };
  const flags = {
    sort: [
      { name: '-o', arg: 'required' as const, placeholder: 'FILE', arity: 1 },
      { name: '--output', arg: 'required' as const, placeholder: 'FILE', arity: 1 },
      { name: '--reverse', arg: 'none' as const, placeholder: '', arity: 0 },
      { name: '-r', arg: 'none' as const, placeholder: '', arity: 0 },
      { name: '-u', arg: 'none' as const, placeholder: '', arity: 0 },
    ],
  };
  const commands = generateCases([sort], flags).map((c) => c.command);

  it('writes a value flag every way the command accepts it, abbreviations included', () => {
    expect(commands).toEqual(
      expect.arrayContaining([
        'sort -oREADME.md README.md',
        'sort -o out.txt -',
        'sort --output=README.md README.md',
        'sort --output out.txt -',
        'sort --o=README.md README.md',
        'sort --outp=out.txt README.md',
      ]),
    );
  });

  it('combines short flags, ending in one that takes a value', () => {
    expect(commands).toEqual(expect.arrayContaining(['sort -ru -', 'sort -roREADME.md README.md', 'sort -uoout.txt README.md']));
  });

  it('adds environment prefixes, redirections, wrappers and a pipe to each command', () => {
    expect(commands).toEqual(expect.arrayContaining(['GIT_PAGER=x sort README.md', 'sort README.md >> README.md', 'xargs sort README.md', "bash -c 'sort README.md'", 'cat README.md | sort README.md']));
  });

  it('samples the same cases for the same seed', () => {
    const all = generateCases([sort], flags);
    expect(sampleCases(all, 5, 7)).toEqual(sampleCases(all, 5, 7));
    expect(sampleCases(all, 5, 7)).not.toEqual(sampleCases(all, 5, 8));
    expect(new Set(sampleCases(all, 5, 7).map((c) => c.command)).size).toBe(5);
  });
});

describe('allowedPrograms', () => {
  it('allows bash and the listed programs the line names, with their own helpers', () => {
    expect([...allowedPrograms('echo -delete | xargs find src')].sort()).toEqual(['bash', 'echo', 'find', 'xargs']);
    expect([...allowedPrograms('git log')].sort()).toEqual(['bash', 'git', 'less', 'pager']);
    expect(allowedPrograms('rg --pre cmd x').has('cmd')).toBe(false);
    expect(allowedPrograms('find . -exec touch {} ;').has('touch')).toBe(false);
  });
});
