import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BashSafety } from '@toolwright/tools';
import { ATTACK_CASES } from './attack-shapes.js';
import { COMMAND_SPECS } from './command-specs.js';
import { loadFlagTable } from './flag-table.js';
import { describeFailure, ReadOnlySandbox } from './read-only-sandbox.js';
import { generateCases, sampleCases } from './shell-cases.js';

/** Generated commands per `npm test` run (plus every attack shape); `npm run fuzz:shell` runs all. */
const SAMPLE = 400;
const SEED = 21;

let root: string;
let sandbox: ReadOnlySandbox;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'read-only-sandbox-'));
  sandbox = await ReadOnlySandbox.create(root, { slots: 2, timeoutMs: 5000 });
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the read-only sandbox', () => {
  const run = async (command: string, tty = false) => (await sandbox.run({ command, origin: 'harness', tty })).problems;

  it.each([
    ['sort -oREADME.md /dev/null', /^changed work\/README\.md \(size 55→0, mtime .*content\)$/],
    ['find . -fprint f', /^created work\/f$/],
    ['echo -delete | xargs find src', /^removed work\/src$/],
    ['chmod 600 notes.txt', /^changed work\/notes\.txt \(mode 644→600\)$/],
    ['touch -d 2021-01-01 data.json', /^changed work\/data\.json \(mtime /],
    ['cat README.md > /canary/leak', /^created canary\/leak$/],
    ['cp README.md ~/leak', /^created home\/leak$/],
    ['echo x > /tmp/x', /^created tmp\/x$/],
  ])('sees what `%s` changed', async (command, expected) => {
    expect(await run(command)).toContainEqual(expect.stringMatching(expected));
  });

  it.each([
    ['rg --pre cmd hello', false],
    ['GIT_EXTERNAL_DIFF=cmd git diff', false],
    ['git -c diff.md.textconv=cmd diff', false],
    ['git -c core.pager=cmd log', true],
    ['PAGER=cmd git log', true],
  ])('sees the program `%s` runs (tty: %s)', async (command, tty) => {
    expect(await run(command, tty)).toContain('ran /trap/cmd');
  });

  it('sees a socket opened through bash /dev/tcp and a fetch from git', async () => {
    expect(await run('cat README.md > /dev/tcp/127.0.0.1/9')).toContain('opened socket AF_INET');
    expect(await run('git remote show origin')).toEqual(expect.arrayContaining(['ran /usr/lib/git-core/git-remote-https', 'opened socket AF_INET']));
  });

  it('sees a write attempt the read-only system refused', async () => {
    expect(await run('echo x > /etc/x')).toContain('attempted openat /etc/x O_WRONLY|O_CREAT|O_TRUNC: EROFS');
  });

  it('sees a builtin that changes the shell', async () => {
    expect(await run('printf -v NAME x')).toContain('shell state +declare -- NAME="x"');
    expect(await run('alias ls=cat')).toContain("shell state +alias ls='cat'");
  });

  it.each([
    ['ls -la', false],
    ['cat README.md link', false],
    ['grep -rn hello .', false],
    ['find . -name "*.md"', false],
    ['tree -a', false],
    ['jq .tags data.json', false],
    ['du -sh .', false],
    ['cd src', false],
    ['git status', true],
    ['git log -p', true],
    ['git diff HEAD~1', true],
    ['less README.md', true],
    ['more README.md', true],
    ['echo README.md | xargs wc -l', false],
  ])('finds nothing done by `%s` (tty: %s)', async (command, tty) => {
    expect(await run(command, tty)).toEqual([]);
  });
});

describe('read-only verdicts of the shell analysis', () => {
  it(`hold when executed: a seeded sample of ${SAMPLE} generated commands and every attack shape`, async () => {
    const table = loadFlagTable(fileURLToPath(new URL('./data/help-flags.json', import.meta.url)), COMMAND_SPECS);
    const cases = [...sampleCases(generateCases(COMMAND_SPECS, table), SAMPLE, SEED), ...ATTACK_CASES];
    const report = await sandbox.check(cases, await BashSafety.load());
    console.log(`read-only sandbox: ${report.analysed} analysed, ${report.executed} called read-only and executed in ${report.executionMs} ms, ${report.timedOut} timed out, ${report.failures.length} failures`);
    expect(report.executed).toBeGreaterThan(0);
    expect(report.failures.map(describeFailure)).toEqual([]);
  }, 300_000);
});
