/**
 * The false-ask rate of the shell analysis on ordinary read-only work (listing, git status/log/diff,
 * grep -rn, test -f, [ -f x ], for loops over ls output, …): at most 2 % of the commands in
 * `data/bash-ordinary-reads.txt` may be asked about in the default mode without any rule.
 */
import { mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { BashSafety } from '../src/bash_safety/index.js';

const ordinary = readFileSync(fileURLToPath(new URL('./data/bash-ordinary-reads.txt', import.meta.url)), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

let safety: BashSafety;
let cwd: string;
beforeAll(async () => {
  safety = await BashSafety.load();
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'bash-false-ask-')));
});

describe('false asks on ordinary read-only work', () => {
  it(`measures at least 100 ordinary commands (${ordinary.length})`, () => {
    expect(ordinary.length).toBeGreaterThanOrEqual(100);
  });

  it('allows at least 98 % of them as read-only in the default mode (the asked ones are printed)', () => {
    const asked = ordinary.filter((command) => safety.check(command, { cwd, mode: 'default' }).behavior !== 'allow');
    process.stdout.write(`false asks: ${asked.length}/${ordinary.length} (${((100 * asked.length) / ordinary.length).toFixed(1)} %)\n${asked.map((c) => `  ${c}: ${safety.analyze(c, cwd).notReadOnly ?? ''}`).join('\n')}\n`);
    expect(asked.length / ordinary.length).toBeLessThanOrEqual(0.02);
  });
});
