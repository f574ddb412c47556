import { mkdirSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { PermissionEngine } from '@toolwright/sdk/policy';
import type { PermissionDecision, PermissionMode, PermissionSubject } from '@toolwright/sdk/policy';
import { BashSafety } from '../src/bash_safety/index.js';
import { TerminalAction } from '../src/terminal/declarations.js';
import { terminalPermissions } from '../src/terminal/terminal-permissions.js';

type Category = 'read' | 'edit' | 'write' | 'destructive' | 'obfuscated' | 'network' | 'executes';
type Behavior = 'allow' | 'ask' | 'deny';
const MODES = ['default', 'acceptEdits', 'explore'] as const;

/** What each category must get, per mode. */
const EXPECTED: Record<Category, Record<(typeof MODES)[number], Behavior>> = {
  read: { default: 'allow', acceptEdits: 'allow', explore: 'allow' },
  edit: { default: 'ask', acceptEdits: 'allow', explore: 'deny' },
  write: { default: 'ask', acceptEdits: 'ask', explore: 'deny' },
  destructive: { default: 'ask', acceptEdits: 'ask', explore: 'deny' },
  obfuscated: { default: 'ask', acceptEdits: 'ask', explore: 'deny' },
  /** Contacts other hosts (curl, git fetch, gh, docker's daemon, a URL, /dev/tcp): never read-only. */
  network: { default: 'ask', acceptEdits: 'ask', explore: 'deny' },
  /** Reads, but can run other programs on input or options it is given (pagers, ack/ag --pager). */
  executes: { default: 'ask', acceptEdits: 'ask', explore: 'deny' },
};

const corpus = readFileSync(fileURLToPath(new URL('./data/bash-corpus.jsonl', import.meta.url)), 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as { category: Category; command: string });

let terminal: PermissionSubject<TerminalAction>;
let cwd: string;

beforeAll(async () => {
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'bash-corpus-')));
  mkdirSync(join(cwd, 'sub'));
  const permissions = terminalPermissions(await BashSafety.load(), () => cwd);
  terminal = {
    name: 'terminal',
    isReadOnly: (a) => permissions.isReadOnly!(a),
    checkPermissions: (a, ctx) => permissions.checkPermissions!(a, ctx),
    matchRule: (content, a, behavior) => permissions.matchRule!(content, a, behavior),
    suggestRules: (a) => permissions.suggestRules!(a),
  };
});

function decide(command: string, mode: PermissionMode): Behavior {
  const action = Object.assign(new TerminalAction(), { command });
  const decision = new PermissionEngine({ mode, workingDirectories: [cwd] }).check(terminal, action) as PermissionDecision;
  return decision.behavior as Behavior;
}

describe('bash safety corpus', () => {
  it(`has at least 400 commands (${corpus.length})`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(400);
  });

  it('decides every command as its category expects in default, acceptEdits and explore (confusion table printed)', () => {
    const table = new Map<string, Record<Behavior, number>>();
    const wrong: string[] = [];
    for (const { category, command } of corpus) {
      for (const mode of MODES) {
        const got = decide(command, mode);
        const key = `${mode.padEnd(11)} ${category.padEnd(11)}`;
        const row = table.get(key) ?? { allow: 0, ask: 0, deny: 0 };
        row[got]++;
        table.set(key, row);
        if (got !== EXPECTED[category][mode]) wrong.push(`${mode} ${category}: expected ${EXPECTED[category][mode]}, got ${got}: ${JSON.stringify(command)}`);
      }
    }
    const lines = ['mode        category    allow   ask  deny', ...[...table].map(([key, r]) => `${key} ${String(r.allow).padStart(5)} ${String(r.ask).padStart(5)} ${String(r.deny).padStart(5)}`)];
    process.stdout.write(`${lines.join('\n')}\n`);
    expect(wrong).toEqual([]);
  });

  it('allows no destructive or obfuscated command in default or acceptEdits, and asks for at most 2 % of the read-only ones', () => {
    const dangerous = corpus.filter((c) => c.category === 'destructive' || c.category === 'obfuscated');
    const allowed = dangerous.flatMap((c) => (['default', 'acceptEdits'] as const).filter((mode) => decide(c.command, mode) === 'allow').map((mode) => `${mode}: ${c.command}`));
    expect(allowed).toEqual([]);
    const reads = corpus.filter((c) => c.category === 'read');
    const falseAsks = reads.filter((c) => decide(c.command, 'default') !== 'allow').length;
    expect(falseAsks / reads.length).toBeLessThanOrEqual(0.02);
  });
});
