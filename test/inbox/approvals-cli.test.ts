// `toolwright run --approve-via inbox` waits in the file inbox; `toolwright approvals` answers it
// from another process. The built CLI, the local fake model server, real processes throughout.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InboxEntry } from '@toolwright/sdk/policy';
import { chat } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import type { FakeModelServer } from '../models/fake-model-server.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN, cliEnv, inFlight, runCli, SAMPLE, startCli } from '../cli/cli-harness.js';
import type { CliRun } from '../cli/cli-harness.js';

let dir: string;
let server: FakeModelServer | undefined;
const KEY = { OPENAI_API_KEY: 'sk-test' };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-approvals-'));
  writeFileSync(join(dir, 'notes.md'), '# Notes\n');
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** A model that calls glob once, then says what the tool answered. */
async function globThenAnswer(): Promise<void> {
  server = await startFakeModelServer(
    { sse: chat.sse({ calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.md"}' }] }), done: true },
    { sse: chat.sse({ text: 'Done.' }), done: true },
  );
}

const runArgs = (...extra: string[]): string[] => ['run', 'List the Markdown files.', '--model', 'openai:gpt-test', '--base-url', `${server!.url}/v1`, '--preset', 'all', '--ask', 'glob', '--approve-via', 'inbox', ...extra];
const ENTRY = /waits for approval in the inbox (\S+) \(entry ([A-Za-z0-9_-]{22})\): toolwright approvals approve \2/;

/** A run started now, its output collected from the start (an answer may let it go on, print and exit before the answering process has even closed). */
interface StartedRun {
  child: ReturnType<typeof startCli>;
  /** The `n`th parked entry's match (1-based): [line, location, id]. */
  entry(n: number): Promise<RegExpMatchArray>;
  /** Its exit and whole output. */
  done: Promise<CliRun>;
}

function startRun(args: string[]): StartedRun {
  const child = startCli(args, { cwd: dir, env: KEY });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<CliRun>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  const entry = async (n: number): Promise<RegExpMatchArray> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const matches = [...stderr.matchAll(new RegExp(ENTRY.source, 'g'))];
      if (matches.length >= n) return matches[n - 1]!;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no entry #${n} was parked; stderr:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { child, entry, done };
}

/** The text of the tool message the model got in its second request. */
function toolResult(): string {
  const messages = server!.requests[1]!.body.messages as { role: string; content: unknown }[];
  return messages.filter((m) => m.role === 'tool').map((m) => String(m.content)).join('\n');
}

describe('run --approve-via inbox + toolwright approvals (file inbox, separate processes)', () => {
  it('the run waits in the inbox; approvals approve in another process lets the call run and the run finish', async () => {
    await globThenAnswer();
    const run = startRun(runArgs());
    const [, location, id] = await run.entry(1);
    expect(location).toBe(join(dir, '.toolwright/inbox'));

    const listed = await runCli(['approvals', 'list', '--json'], { cwd: dir });
    expect(listed.code).toBe(0);
    const entries = JSON.parse(listed.stdout) as InboxEntry[];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id, state: 'pending', source: { kind: 'run', label: 'List the Markdown files.' }, request: { toolName: 'glob', arguments: { pattern: '*.md' } } });
    expect(entries[0]!.source.process).toMatch(new RegExp(`:${run.child.pid}$`));
    const human = await runCli(['approvals', 'list'], { cwd: dir });
    expect(human.stdout).toContain(`${id}  pending  glob {"pattern":"*.md"}`);
    expect(human.stdout).toContain('run "List the Markdown files." on ');

    const approved = await runCli(['approvals', 'approve', id!], { cwd: dir });
    expect([approved.code, approved.stdout]).toEqual([0, `approved ${id}: glob {"pattern":"*.md"}\n`]);
    const done = await run.done;
    expect(done.code).toBe(0);
    expect(done.stdout).toBe('Done.\n');
    expect(toolResult()).toContain('notes.md');
    const answered = JSON.parse((await runCli(['approvals', 'show', id!, '--json'], { cwd: dir })).stdout) as InboxEntry;
    expect(answered).toMatchObject({ state: 'answered', answer: { type: 'approve' } });
    expect(answered.answeredBy).toMatch(/^cli \S+@\S+$/);
  }, 60_000);

  it('a rejection with a reason reaches the model and the run goes on; a second answer is refused (exit 1)', async () => {
    await globThenAnswer();
    const run = startRun(runArgs('--inbox', 'shared-inbox'));
    const [, location, id] = await run.entry(1);
    expect(location).toBe(join(dir, 'shared-inbox'));
    const rejected = await runCli(['approvals', 'reject', id!, '--reason', 'not today', '--inbox', 'shared-inbox'], { cwd: dir });
    expect(rejected.code).toBe(0);
    const done = await run.done;
    expect(done.code).toBe(0);
    expect(toolResult()).toContain("The user did not approve this call of 'glob': not today");
    const again = await runCli(['approvals', 'approve', id!, '--inbox', 'shared-inbox'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(new RegExp(`^toolwright approvals: inbox entry "${id}" was already answered by cli \\S+ \\(reject\\); each entry is answered once\\.\n$`));
  }, 60_000);

  it('two approvals processes answering the same entry at once: exactly one wins', async () => {
    await globThenAnswer();
    const run = startRun(runArgs());
    const [, , id] = await run.entry(1);
    const answers = await Promise.all([runCli(['approvals', 'approve', id!], { cwd: dir }), runCli(['approvals', 'reject', id!, '--reason', 'no'], { cwd: dir })]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
    expect(answers.find((a) => a.code === 1)!.stderr).toContain(`inbox entry "${id}" was already answered by cli`);
    expect((await run.done).code).toBe(0);
  }, 60_000);

  it('an edited answer is re-checked by the waiting run: an edit that still asks is parked again as a new entry', async () => {
    server = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'call_1', name: 'glob', args: '{"pattern":"*.txt"}' }] }), done: true },
      { sse: chat.sse({ text: 'Done.' }), done: true },
    );
    const run = startRun(runArgs());
    const [, , first] = await run.entry(1);
    const edited = await runCli(['approvals', 'approve', first!, '--edit', '{"pattern":"*.md"}'], { cwd: dir });
    expect(edited.code).toBe(0);
    // glob still asks (--ask glob): the edited call waits again, under a new entry.
    const [, , second] = await run.entry(2);
    expect(second).not.toBe(first);
    const entry = JSON.parse((await runCli(['approvals', 'show', second!, '--json'], { cwd: dir })).stdout) as InboxEntry;
    expect(entry.request.arguments).toEqual({ pattern: '*.md' });
    expect((await runCli(['approvals', 'approve', second!], { cwd: dir })).code).toBe(0);
    expect((await run.done).code).toBe(0);
    expect(toolResult()).toContain('notes.md');
  }, 60_000);

  it('Ctrl-C while the run waits withdraws its entry', async () => {
    await globThenAnswer();
    const run = startRun(runArgs());
    const [, , id] = await run.entry(1);
    run.child.kill('SIGINT');
    const done = await run.done;
    expect(done.code).toBe(130);
    const shown = await runCli(['approvals', 'show', id!, '--json'], { cwd: dir });
    expect([shown.code, shown.stderr]).toEqual([0, '']);
    expect((JSON.parse(shown.stdout) as InboxEntry).state).toBe('withdrawn');
    const late = await runCli(['approvals', 'approve', id!], { cwd: dir });
    expect(late.code).toBe(1);
    expect(late.stderr).toContain(`inbox entry "${id}" was withdrawn: its call ended without an answer`);
  }, 60_000);
});

describe('toolwright approvals: refusals and usage', () => {
  it('refuses an altered entry, an unknown one, a stale binding; usage mistakes are exit 2', async () => {
    await globThenAnswer();
    const run = startRun(runArgs());
    const [, , id] = await run.entry(1);
    const file = join(dir, '.toolwright/inbox', `${id}.json`);
    const original = readFileSync(file, 'utf8');

    const stale = await runCli(['approvals', 'approve', id!, '--binding', 'A'.repeat(43)], { cwd: dir });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain(`the answer's binding does not match inbox entry "${id}" (tool "glob")`);

    writeFileSync(file, original.replace('*.md', '*'));
    const altered = await runCli(['approvals', 'approve', id!], { cwd: dir });
    expect(altered.code).toBe(1);
    expect(altered.stderr).toContain(`inbox entry "${id}" (tool "glob") was altered after it was posted`);
    writeFileSync(file, original);

    expect((await runCli(['approvals', 'approve', 'B'.repeat(22)], { cwd: dir })).stderr).toContain(`there is no inbox entry "${'B'.repeat(22)}"`);
    const usage = await Promise.all([
      runCli(['approvals', 'maybe'], { cwd: dir }),
      runCli(['approvals', 'approve'], { cwd: dir }),
      runCli(['approvals', 'reject', id!, '--always'], { cwd: dir }),
      runCli(['approvals', 'approve', id!, '--edit', '[1]'], { cwd: dir }),
      runCli(['approvals', 'list', '--inbox', 'https://example.invalid/inbox'], { cwd: dir }),
    ]);
    expect(usage.map((u) => u.code)).toEqual([2, 2, 2, 2, 2]);
    expect(usage.map((u) => u.stderr.split('\n')[0])).toEqual([
      "toolwright approvals: expected list, show, approve or reject, got 'maybe'.",
      "toolwright approvals: approve needs the entry ID ('toolwright approvals list' shows them).",
      'toolwright approvals: --edit and --always go with approve, not reject.',
      'toolwright approvals: --edit: expected the edited arguments as a JSON object.',
      "toolwright approvals: --inbox: expected a directory or a postgres:// URL, got 'https://example.invalid/inbox'",
    ]);
    expect((await runCli(['approvals', 'approve', id!], { cwd: dir })).code).toBe(0);
    expect((await run.done).code).toBe(0);
    expect(readdirSync(join(dir, '.toolwright/inbox')).filter((n) => n.endsWith('.json'))).toHaveLength(1);
  }, 60_000);

  it('run: --approve-via takes only inbox, and --inbox needs it', async () => {
    const bad = await runCli(['run', 'x', '--model', 'openai:gpt-test', '--approve-via', 'email'], { cwd: dir, env: KEY });
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([2, "toolwright run: --approve-via: expected inbox, got 'email'."]);
    const lonely = await runCli(['run', 'x', '--model', 'openai:gpt-test', '--inbox', 'i'], { cwd: dir, env: KEY });
    expect([lonely.code, lonely.stderr.split('\n')[0]]).toEqual([2, 'toolwright run: --inbox goes with --approve-via inbox.']);
  });
});

describe('serve --stdio --inbox DIR', () => {
  it('parks an ask in the inbox instead of eliciting; the MCP call returns once approvals approve answers it', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--inbox', 'inbox', '--ask', 'echo', ...SAMPLE], cwd: dir, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'inbox-serve', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler((await import('@modelcontextprotocol/sdk/types.js')).ElicitRequestSchema, () => {
      throw new Error('serve --inbox must not elicit');
    });
    await client.connect(transport);
    try {
      const call = inFlight(client.callTool({ name: 'echo', arguments: { text: 'hi' } }));
      let entries: InboxEntry[] = [];
      const deadline = Date.now() + 20_000;
      while ((entries = JSON.parse((await runCli(['approvals', 'list', '--json', '--inbox', 'inbox'], { cwd: dir })).stdout) as InboxEntry[]).length === 0) {
        if (Date.now() > deadline) throw new Error(`nothing was parked; the call gave ${JSON.stringify(await Promise.race([call, 'nothing yet']))}`);
      }
      expect(entries[0]).toMatchObject({ source: { kind: 'serve', label: 'toolwright serve' }, request: { toolName: 'echo', arguments: { text: 'hi' } } });
      expect((await runCli(['approvals', 'approve', entries[0]!.id, '--inbox', 'inbox'], { cwd: dir })).code).toBe(0);
      const result = await call;
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: 'hi' }]);
    } finally {
      await client.close();
    }
  }, 60_000);
});
