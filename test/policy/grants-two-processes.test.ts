import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GrantsFile, parseRule } from '@toolwright/sdk/policy';

// Issue 8 gap 5: "always" answers from two processes at once must all land in the grants file
// (a locked read-merge-write), not the last writer's only.

const script = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'grant-process.mjs');
const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function grantsPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tw-grants-'));
  dirs.push(dir);
  return join(dir, '.toolwright', 'permissions.json');
}

const expected = (tag: string, n: number): string[] => Array.from({ length: n }, (_, i) => `file_editor(${tag}-${i}/**)`);

describe('grants file written by several writers at once', () => {
  it('two processes adding 30 rules each: all 60 are in the file, each once', async () => {
    const path = grantsPath();
    const env = { ...process.env, NODE_OPTIONS: '' };
    const [a, b] = await Promise.all([run(process.execPath, [script, path, 'a', '30'], { env }), run(process.execPath, [script, path, 'b', '30'], { env })]);
    expect([a.stdout, b.stdout]).toEqual(['30\n', '30\n']);
    const doc = JSON.parse(readFileSync(path, 'utf8')) as { allow: string[]; ask: string[]; deny: string[] };
    expect([...doc.allow].sort()).toEqual([...expected('a', 30), ...expected('b', 30)].sort());
    expect(doc.ask).toEqual([]);
    expect(existsSync(`${path}.lock`)).toBe(false);
  }, 60_000);

  it('concurrent adds in one process keep every rule', async () => {
    const path = grantsPath();
    const file = new GrantsFile(path);
    await Promise.all(expected('c', 20).map((text) => file.add([parseRule(text, 'allow', 'user')])));
    expect([...(await file.read()).allow].sort()).toEqual(expected('c', 20).sort());
  });

  it("a dead writer's stale lock is removed; a live one makes add wait", async () => {
    const path = grantsPath();
    const file = new GrantsFile(path);
    await file.add([parseRule('glob', 'allow', 'user')]);
    const lock = `${path}.lock`;
    writeFileSync(lock, '99999\n');
    let done = false;
    const adding = file.add([parseRule('grep', 'allow', 'user')]).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(false); // a fresh lock: it waits
    rmSync(lock);
    await adding;
    expect((await file.read()).allow).toEqual(['glob', 'grep']);
    // A lock a minute old is a dead writer's: removed, and the add goes through.
    writeFileSync(lock, '99999\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await file.add([parseRule('think', 'allow', 'user')]);
    expect((await file.read()).allow).toEqual(['glob', 'grep', 'think']);
    expect(existsSync(lock)).toBe(false);
  });
});
