// An interrupted run continued in a second process: the RunState goes through a JSON file, the
// approval envelope's MAC is checked on resume (an edited state is refused, nothing runs), and an
// answered approval cannot be replayed. Runs the built packages (npm run build).
import { afterEach, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chat } from './api-fixtures.js';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeModelServer } from './fake-model-server.js';

const script = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'run-process.mjs');
const run = (step: string, dir: string, url: string): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) =>
    execFile(process.execPath, [script, step, dir, url], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as Record<string, unknown>))),
  );

let server: FakeModelServer | undefined;
let dir = '';
afterEach(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('RunState across processes (built packages)', () => {
  it('process 1 stops at the ask and writes state.json; process 2 approves and continues; an edited or replayed state is refused', async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-run-two-proc-')));
    const target = join(dir, 'approved.txt');
    const create = { id: 'call_create', name: 'file_editor', args: JSON.stringify({ command: 'create', path: target, file_text: 'from the model\n' }) };
    server = await startFakeModelServer({ sse: chat.sse({ calls: [create], usage: { input: 10, output: 5 } }), done: true }, { sse: chat.sse({ text: 'Written.', usage: { input: 30, output: 2 } }), done: true });

    expect(await run('start', dir, server.url)).toEqual({ status: 'interrupted', waiting: ['call_create'] });
    expect(existsSync(target)).toBe(false);
    const saved = readFileSync(join(dir, 'state.json'), 'utf8');

    // An edited state (the arguments changed after the user saw them) is refused; nothing runs.
    const edited = JSON.parse(saved) as { pending: { request: { arguments: Record<string, unknown> } }[] };
    edited.pending[0]!.request.arguments.file_text = 'something else\n';
    writeFileSync(join(dir, 'state.json'), JSON.stringify(edited));
    const refused = await run('resume', dir, server.url);
    expect(refused.status).toBeUndefined();
    expect(String(refused.refused)).toMatch(/^agent\.resume: .*call_create/);
    expect(existsSync(target)).toBe(false);

    writeFileSync(join(dir, 'state.json'), saved);
    expect(await run('resume', dir, server.url)).toEqual({ status: 'done', text: 'Written.', usage: { inputTokens: 40, outputTokens: 7, totalTokens: 47 } });
    expect(readFileSync(target, 'utf8')).toBe('from the model\n');
    const sent = (server.requests[1]!.body.messages as { role: string; tool_call_id?: string; content: string }[]).filter((m) => m.role === 'tool');
    expect(sent).toEqual([{ role: 'tool', tool_call_id: 'call_create', content: `File created successfully at: ${target}` }]);

    // The same approval replayed by a third process is refused.
    rmSync(target);
    expect(String((await run('resume', dir, server.url)).refused)).toContain('already answered');
    expect(existsSync(target)).toBe(false);
  });
});
