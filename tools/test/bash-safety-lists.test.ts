/**
 * Guard tests for every safety list of the bash analysis. `data/bash-safety-lists.json` is this
 * test's own copy of the lists: a list that gains or loses an entry fails the equality test, and
 * every entry of the copy has a test of its own that proves what the entry does (an allowed
 * option keeps the command read-only, an unsafe one does not, a wrapper is seen through, …), so
 * an entry deleted from the source fails its own test too.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { BashSafety } from '../src/bash_safety/index.js';
import type { FlagSpec } from '../src/bash_safety/index.js';
import { HARMLESS_DEVICES, HARMLESS_VARIABLES, INJECTION_NODE_TYPES, NO_PREFIX_RULE_COMMANDS, RESOLUTION_CHANGING_COMMANDS, RESOLUTION_VARIABLES, SHELLS, TRANSPARENT_WRAPPERS } from '../src/bash_safety/bash-lists.js';
import { CODE_RUNNING_OPTIONS, GIT_RUNS_ARGUMENT } from '../src/bash_safety/code-running-options.js';
import { FIND_EXEC_ACTIONS, FIND_PREDICATES } from '../src/bash_safety/find-expression.js';
import { GIT_GLOBAL_OPTIONS, GIT_READ_ONLY_SUBCOMMANDS } from '../src/bash_safety/git-read-only.js';
import { GIT_NETWORK_SUBCOMMANDS, NETWORK_COMMANDS } from '../src/bash_safety/network-egress.js';
import { VERSION_QUERIES } from '../src/bash_safety/read-only-command.js';
import { READ_ONLY_COMMANDS } from '../src/bash_safety/read-only-commands.js';
import { WRAPPERS } from '../src/bash_safety/unwrap-command.js';
import type { WrapperSyntax } from '../src/bash_safety/unwrap-command.js';

interface Expected {
  READ_ONLY_COMMANDS: Record<string, FlagSpec>;
  GIT_READ_ONLY_SUBCOMMANDS: Record<string, FlagSpec>;
  GIT_GLOBAL_OPTIONS: string[];
  FIND_PREDICATES: Record<string, number>;
  FIND_EXEC_ACTIONS: string[];
  NETWORK_COMMANDS: string[];
  GIT_NETWORK_SUBCOMMANDS: string[];
  VERSION_QUERIES: Record<string, string[]>;
  WRAPPERS: Record<string, WrapperSyntax>;
  CODE_RUNNING_OPTIONS: Record<string, { long: string[]; short?: string }>;
  GIT_RUNS_ARGUMENT: string[];
  HARMLESS_VARIABLES: string[];
  NO_PREFIX_RULE_COMMANDS: string[];
  TRANSPARENT_WRAPPERS: string[];
  SHELLS: string[];
  HARMLESS_DEVICES: string[];
  INJECTION_NODE_TYPES: string[];
  RESOLUTION_VARIABLES: string[];
  RESOLUTION_CHANGING_COMMANDS: string[];
}

const expected = JSON.parse(readFileSync(fileURLToPath(new URL('./data/bash-safety-lists.json', import.meta.url)), 'utf8')) as Expected;
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_, v: unknown) => (v instanceof Set ? [...(v as Set<unknown>)] : v)));

let safety: BashSafety;
const cwd = '/tmp';
beforeAll(async () => {
  safety = await BashSafety.load();
});
const readOnly = (command: string): boolean => safety.isReadOnly(command, cwd);

describe('the safety lists are the expected ones (adding or deleting an entry fails here)', () => {
  const actual: Record<keyof Expected, unknown> = {
    READ_ONLY_COMMANDS, GIT_READ_ONLY_SUBCOMMANDS, GIT_GLOBAL_OPTIONS, FIND_PREDICATES, FIND_EXEC_ACTIONS, NETWORK_COMMANDS, GIT_NETWORK_SUBCOMMANDS, VERSION_QUERIES,
    WRAPPERS, CODE_RUNNING_OPTIONS, GIT_RUNS_ARGUMENT, HARMLESS_VARIABLES, NO_PREFIX_RULE_COMMANDS, TRANSPARENT_WRAPPERS, SHELLS, HARMLESS_DEVICES, INJECTION_NODE_TYPES,
    RESOLUTION_VARIABLES, RESOLUTION_CHANGING_COMMANDS,
  };
  it.each(Object.keys(actual) as Array<keyof Expected>)('%s', (name) => {
    expect(plain(actual[name])).toEqual(expected[name]);
  });
});

/** One call per option of a spec: `[label, argument words]`. */
function optionCalls(spec: FlagSpec, safe: boolean): Array<[string, string[]]> {
  const calls: Array<[string, string[]]> = [];
  const shorts = safe ? spec.short : (spec.unsafeShort ?? '');
  for (const letter of shorts) calls.push([`-${letter}`, safe ? [`-${letter}`] : [`-${letter}`, 'x']]);
  if (safe) {
    for (const letter of spec.shortValue ?? '') calls.push([`-${letter} VALUE`, [`-${letter}`, 'v']], [`-${letter}VALUE`, [`-${letter}v`]]);
    for (const letter of spec.shortOptional ?? '') calls.push([`-${letter}`, [`-${letter}`]]);
  }
  for (const entry of safe ? spec.long : (spec.unsafeLong ?? [])) {
    if (entry.endsWith('==')) calls.push([`--${entry.slice(0, -2)} A B`, [`--${entry.slice(0, -2)}`, 'a', 'b']]);
    else if (entry.endsWith('=')) calls.push([`--${entry.slice(0, -1)}=VALUE`, [`--${entry.slice(0, -1)}=v`]], [`--${entry.slice(0, -1)} VALUE`, [`--${entry.slice(0, -1)}`, 'v']]);
    else if (entry.endsWith('?')) calls.push([`--${entry.slice(0, -1)}`, [`--${entry.slice(0, -1)}`]], [`--${entry.slice(0, -1)}=VALUE`, [`--${entry.slice(0, -1)}=v`]]);
    else calls.push([`--${entry}`, [`--${entry}`]]);
  }
  return calls;
}

const commandCases = (specs: Record<string, FlagSpec>, prefix: string, safe: boolean): Array<[string, string]> =>
  Object.entries(specs).flatMap(([name, spec]) => optionCalls(spec, safe).map(([label, args]): [string, string] => [`${prefix}${name} ${label}`, [`${prefix}${name}`, ...args].join(' ')]));

describe('every allowed option keeps its command read-only', () => {
  it.each(commandCases(expected.READ_ONLY_COMMANDS, '', true))('%s', (_, command) => {
    expect(readOnly(command)).toBe(true);
  });
  it.each(commandCases(expected.GIT_READ_ONLY_SUBCOMMANDS, 'git ', true))('%s', (_, command) => {
    expect(readOnly(command)).toBe(true);
  });
  it.each(Object.keys(expected.READ_ONLY_COMMANDS).filter((name) => expected.READ_ONLY_COMMANDS[name]!.anyArguments))('%s takes any argument', (name) => {
    expect(readOnly(`${name} -rf --output=/etc/x ]`)).toBe(true);
  });
});

describe('every documented unsafe option makes its command not read-only', () => {
  it.each(commandCases(expected.READ_ONLY_COMMANDS, '', false))('%s', (_, command) => {
    expect(readOnly(command)).toBe(false);
  });
  it.each(commandCases(expected.GIT_READ_ONLY_SUBCOMMANDS, 'git ', false))('%s', (_, command) => {
    expect(readOnly(command)).toBe(false);
  });
});

describe('find', () => {
  it.each(Object.entries(expected.FIND_PREDICATES))('%s is read-only', (predicate, arity) => {
    expect(readOnly(['find', '.', `'${predicate}'`, ...Array.from({ length: arity }, () => 'v')].join(' '))).toBe(true);
  });
  it.each(expected.FIND_EXEC_ACTIONS)('%s runs a command, which is analysed', (action) => {
    expect(readOnly(`find . ${action} rm {} \\;`)).toBe(false);
    expect(readOnly(`find . ${action} wc -l {} \\;`)).toBe(true);
  });
});

describe('git global options and version queries', () => {
  it.each(expected.GIT_GLOBAL_OPTIONS)('git %s', (option) => {
    const command = option === '-C' ? 'git -C sub status' : option === '--version' || option === '--help' ? `git ${option}` : `git ${option} status`;
    expect(readOnly(command)).toBe(true);
  });
  it.each(Object.entries(expected.VERSION_QUERIES).flatMap(([name, flags]) => flags.map((flag) => `${name} ${flag}`)))('%s', (command) => {
    expect(readOnly(command)).toBe(true);
    expect(readOnly(`${command} -c x`)).toBe(false);
  });
});

describe('network egress', () => {
  it.each(expected.NETWORK_COMMANDS)('%s contacts other hosts', (name) => {
    const analysis = safety.analyze(`${name} x`, cwd);
    expect([analysis.network, analysis.readOnly]).toEqual([true, false]);
  });
  it.each(expected.GIT_NETWORK_SUBCOMMANDS)('git %s contacts a remote', (sub) => {
    expect(safety.analyze(`git ${sub} x`, cwd).network).toBe(true);
  });
});

/** A call of each wrapper that runs `ls`, with the operands it needs. */
const WRAPPED: Record<string, string> = { timeout: 'timeout 5', chroot: 'chroot /', ionice: 'ionice -c3' };

describe('wrappers', () => {
  it.each(Object.keys(expected.WRAPPERS))('%s is seen through', (name) => {
    const analysis = safety.analyze(`${WRAPPED[name] ?? name} ls -la`, cwd);
    expect(analysis.problem).toBeUndefined();
    expect(analysis.commands.map((c) => [c.words[0]!.value, c.wrappers.includes(name)])).toEqual([['ls', true]]);
  });
  const optionCases = Object.entries(expected.WRAPPERS).flatMap(([name, syntax]) => optionCalls(syntax.options, true).map(([label, args]): [string, string, string[]] => [`${name} ${label}`, name, args]));
  it.each(optionCases)('%s is understood', (_, name, args) => {
    const words = [name, ...args, ...(WRAPPED[name] ? WRAPPED[name].split(' ').slice(1) : []), 'ls'];
    const analysis = safety.analyze(words.join(' '), cwd);
    const stops = (expected.WRAPPERS[name]!.stopFlags ?? []).some((flag) => args[0] === flag || args[0]!.startsWith(`${flag}`));
    if (name === 'env' && (args[0]!.startsWith('-S') || args[0]!.startsWith('--split-string'))) expect(analysis.problem).toContain('env -S');
    else if (stops) expect(analysis.commands[0]!.words[0]!.value).toBe(name);
    else expect(analysis.problem).toBeUndefined();
  });
  it.each(Object.keys(expected.WRAPPERS))('%s refuses an option not on its list', (name) => {
    expect(safety.analyze(`${name} --not-an-option-of-it ls`, cwd).problem).toContain('--not-an-option-of-it');
  });
  it.each(expected.TRANSPARENT_WRAPPERS)('a rule for the command covers it behind %s', (name) => {
    expect(safety.coveredByAllowRules(['npm test:*'], `${WRAPPED[name] ?? name} npm test`, cwd)).toBe(true);
  });
  it.each(Object.keys(expected.WRAPPERS).filter((name) => !expected.TRANSPARENT_WRAPPERS.includes(name)))('a rule for the command does not cover it behind %s', (name) => {
    expect(safety.coveredByAllowRules(['npm test:*'], `${WRAPPED[name] ?? name} npm test`, cwd)).toBe(false);
  });
});

describe('harmless variables', () => {
  it.each(expected.HARMLESS_VARIABLES)('%s=x keeps ls read-only and git under git:*', (name) => {
    expect(readOnly(`${name}=x ls`)).toBe(true);
    expect(safety.coveredByAllowRules(['git push:*'], `${name}=x git push`, cwd)).toBe(true);
  });
  it.each(['PAGER', 'GIT_PAGER', 'GIT_EXTERNAL_DIFF', 'LD_PRELOAD', 'BASH_ENV', 'NODE_OPTIONS', 'PYTHONPATH', 'PERL5OPT', 'RUBYOPT', 'GIT_CONFIG_GLOBAL', 'SOME_VARIABLE'])('%s=x makes ls not read-only', (name) => {
    expect(readOnly(`${name}=x ls`)).toBe(false);
    expect(safety.coveredByAllowRules(['git push:*'], `${name}=x git push`, cwd)).toBe(false);
  });
});

describe('code-running options', () => {
  const cases = Object.entries(expected.CODE_RUNNING_OPTIONS).flatMap(([key, options]) => {
    const [name, sub] = key.split(' ') as [string, string | undefined];
    const head = name === 'git' && !sub ? ['git', 'log'] : [name, ...(sub ? [sub] : name === 'npm' ? ['test'] : [])];
    return [
      ...options.long.map((option): [string, string, string] => [`${key} --${option}`, name, [...head, `--${option}=x`, 'y'].join(' ')]),
      ...[...(options.short ?? '')].map((letter): [string, string, string] => [`${key} -${letter}`, name, (name === 'git' && !sub ? ['git', `-${letter}`, 'x=y', 'log'] : [...head, `-${letter}`, 'x', 'y']).join(' ')]),
    ];
  });
  it.each(cases)('%s is not covered by a prefix rule, and asks naming it', (_, name, command) => {
    expect(safety.coveredByAllowRules([`${name}:*`], command, cwd)).toBe(false);
    const verdict = safety.check(command, { cwd, mode: 'default' });
    expect(verdict.behavior).toBe('ask');
  });
  it.each(expected.GIT_RUNS_ARGUMENT)('git %s runs a command given as an argument', (sub) => {
    expect(safety.coveredByAllowRules(['git:*'], `git ${sub} x`, cwd)).toBe(false);
  });
});

describe('suggestions, shells, devices, injection structures, resolution changes', () => {
  it.each(expected.NO_PREFIX_RULE_COMMANDS)('%s gets no prefix rule', (name) => {
    expect(safety.suggestRules(`${name} zz`, cwd).filter((rule) => rule.endsWith(':*') && rule.startsWith(name))).toEqual([]);
  });
  it.each(expected.SHELLS)('%s -c is parsed and analysed', (shell) => {
    expect(readOnly(`${shell} -c 'ls -la'`)).toBe(true);
    expect(readOnly(`${shell} -c 'rm x'`)).toBe(false);
  });
  it.each(expected.HARMLESS_DEVICES)('a redirection to %s is not a write', (device) => {
    expect(readOnly(`ls > ${device}`)).toBe(true);
  });
  const injections: Record<string, string> = {
    process_substitution: 'diff <(ls) b', expansion: 'echo ${HOME}', arithmetic_expansion: 'echo $((1+1))', subshell: '(ls)', c_style_for_statement: 'for ((i=0;i<2;i++)); do ls; done',
    while_statement: 'until false; do ls; done', if_statement: 'if true; then ls; fi', case_statement: 'case x in x) ls;; esac',
    function_definition: 'f() { ls; }', test_command: '[[ -f x ]]', brace_expression: 'echo {1..3}',
  };
  it.each(expected.INJECTION_NODE_TYPES)('%s cannot be analysed', (type) => {
    expect(safety.analyze(injections[type]!, cwd).problem).toBe(`Command contains ${type} which cannot be statically analyzed`);
  });
  it.each(expected.RESOLUTION_VARIABLES)('setting %s asks', (name) => {
    expect(safety.check(`export ${name}=x`, { cwd, mode: 'default' }).behavior).toBe('ask');
  });
  it.each(expected.RESOLUTION_CHANGING_COMMANDS)('%s with arguments asks', (name) => {
    expect(safety.check(`${name} ls=x y`, { cwd, mode: 'default' }).behavior).toBe('ask');
  });
});
