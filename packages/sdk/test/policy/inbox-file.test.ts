import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ApprovalRequest } from '../../src/policy/approval-request.js';
import type { InboxEntry, InboxSource } from '../../src/policy/approval-inbox.js';
import { FileApprovalInbox } from '../../src/policy/inbox/file-approval-inbox.js';
import { inboxBinding, processLabel } from '../../src/policy/inbox/inbox-binding.js';
import { bundleInboxChild, lineOf, outputOf, startChild } from './inbox-processes.js';

const dirs: string[] = [];
const inboxes: FileApprovalInbox[] = [];
let child: string;

beforeAll(async () => {
  child = await bundleInboxChild();
});
afterAll(() => rmSync(dirname(child), { recursive: true, force: true }));
afterEach(async () => {
  for (const inbox of inboxes.splice(0)) await inbox.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function inboxIn(options: ConstructorParameters<typeof FileApprovalInbox>[1] = {}): FileApprovalInbox {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-inbox-')));
  dirs.push(dir);
  const inbox = new FileApprovalInbox(join(dir, 'inbox'), { pollMs: 20, ...options });
  inboxes.push(inbox);
  return inbox;
}

const request = (path = 'src/a.ts'): ApprovalRequest => ({
  toolCallId: 'call_1',
  toolName: 'file_editor',
  arguments: { command: 'create', path, file_text: 'x' },
  reason: 'file_editor writes files.',
  suggestedRules: ['file_editor(src/**)'],
  bypassImmune: false,
});
const source: InboxSource = { kind: 'run', label: 'fix the typo', process: processLabel() };
const fileOf = (inbox: FileApprovalInbox, entry: InboxEntry): string => join(inbox.dir, `${entry.id}.json`);

describe('FileApprovalInbox', () => {
  it('posts a pending entry bound to what it shows, in a 0600 file of a 0700 directory', async () => {
    const inbox = inboxIn();
    const entry = await inbox.post(request(), source, 'conv-1');
    expect(entry).toMatchObject({ request: request(), source, conversationId: 'conv-1', state: 'pending' });
    expect(entry.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(entry.binding).toBe(inboxBinding(entry));
    expect(await inbox.get(entry.id)).toEqual(entry);
    expect(await inbox.list({ state: 'pending', toolName: 'file_editor' })).toEqual([entry]);
    expect(await inbox.list({ toolName: 'terminal' })).toEqual([]);
    expect(statSync(fileOf(inbox, entry)).mode & 0o777).toBe(0o600);
    expect(statSync(inbox.dir).mode & 0o777).toBe(0o700);
    expect(await inbox.get('not-an-id')).toBeUndefined();
  });

  it('lists newest first', async () => {
    const inbox = inboxIn();
    const first = await inbox.post(request('a'), source);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await inbox.post(request('b'), source);
    expect((await inbox.list()).map((e) => e.id)).toEqual([second.id, first.id]);
  });

  it("answers once, only with the entry's own binding", async () => {
    const inbox = inboxIn();
    const a = await inbox.post(request('a'), source);
    const b = await inbox.post(request('b'), source);
    await expect(inbox.answer(a.id, b.binding, { type: 'approve' })).rejects.toThrow(
      `the answer's binding does not match inbox entry "${a.id}" (tool "file_editor"): it was given for another entry or another version of this one, so it is refused; show the entry again and answer what it shows`,
    );
    const answered = await inbox.answer(a.id, a.binding, { type: 'reject', reason: 'not now' }, 'cli');
    expect(answered).toMatchObject({ state: 'answered', answer: { type: 'reject', reason: 'not now' }, answeredBy: 'cli' });
    expect(await inbox.get(a.id)).toEqual(answered);
    await expect(inbox.answer(a.id, a.binding, { type: 'approve' })).rejects.toThrow(`inbox entry "${a.id}" was already answered by cli (reject); each entry is answered once`);
    await expect(inbox.answer('AAAAAAAAAAAAAAAAAAAAAA', a.binding, { type: 'approve' })).rejects.toThrow('there is no inbox entry "AAAAAAAAAAAAAAAAAAAAAA"');
    await expect(inbox.answer(b.id, b.binding, { type: 'maybe' } as never)).rejects.toThrow(`the answer to inbox entry "${b.id}" is malformed (type: expected approve, reject, edit, always or result, got "maybe")`);
    await inbox.withdraw(b.id);
    await expect(inbox.answer(b.id, b.binding, { type: 'approve' })).rejects.toThrow(`inbox entry "${b.id}" was withdrawn: its call ended without an answer`);
  });

  it('refuses to answer an entry whose file was altered after it was posted', async () => {
    const inbox = inboxIn();
    const entry = await inbox.post(request(), source);
    const stored = JSON.parse(readFileSync(fileOf(inbox, entry), 'utf8')) as InboxEntry;
    stored.request.arguments.path = '.bashrc'; // shows something else than what will run
    writeFileSync(fileOf(inbox, entry), JSON.stringify(stored));
    await expect(inbox.answer(entry.id, entry.binding, { type: 'approve' })).rejects.toThrow(
      `inbox entry "${entry.id}" (tool "file_editor") was altered after it was posted: its request, source or id no longer match its binding, so it cannot be answered`,
    );
  });

  it('treats its files as hostile: bad ones are skipped by list (and reported), named by get', async () => {
    const problems: string[] = [];
    const inbox = inboxIn({ onProblem: (message) => problems.push(message), maxEntryBytes: 4096 });
    const good = await inbox.post(request(), source);
    const put = (id: string, text: string): void => writeFileSync(join(inbox.dir, `${id}.json`), text);
    put('B'.repeat(22), '{ not json');
    put('C'.repeat(22), JSON.stringify({ ...good, id: 'C'.repeat(22), state: 'done' }));
    put('D'.repeat(22), JSON.stringify({ ...good })); // another entry's content under this name
    put('E'.repeat(22), ' '.repeat(5000));
    const outside = join(dirname(inbox.dir), 'outside.json');
    writeFileSync(outside, JSON.stringify({ ...good, id: 'F'.repeat(22) }));
    symlinkSync(outside, join(inbox.dir, `${'F'.repeat(22)}.json`));
    writeFileSync(join(inbox.dir, 'notes.txt'), 'ignored: not an entry name');

    expect(await inbox.list()).toEqual([good]);
    expect(problems.sort()).toEqual(
      [
        `approvals inbox ${inbox.dir}: ${'B'.repeat(22)}.json is not valid JSON (${jsonError('{ not json')})`,
        `approvals inbox ${inbox.dir}: ${'C'.repeat(22)}.json: not an approvals-inbox entry (state: expected one of pending, answered, withdrawn)`,
        `approvals inbox ${inbox.dir}: ${'D'.repeat(22)}.json holds the entry ${JSON.stringify(good.id)}, not the one its name says`,
        `approvals inbox ${inbox.dir}: ${'E'.repeat(22)}.json is 5000 bytes, more than the limit of 4096`,
        `approvals inbox ${inbox.dir}: ${'F'.repeat(22)}.json is a symbolic link; entries must be plain files`,
      ].sort(),
    );
    await expect(inbox.get('F'.repeat(22))).rejects.toThrow('is a symbolic link; entries must be plain files');
    await expect(inbox.answer('D'.repeat(22), good.binding, { type: 'approve' })).rejects.toThrow('not the one its name says');
    expect(readFileSync(outside, 'utf8')).toContain('"pending"'); // the link's target was never written
  });

  it('refuses a request larger than the entry limit, and posting when every slot is pending', async () => {
    const inbox = inboxIn({ maxEntryBytes: 2048, maxEntries: 3 });
    await expect(inbox.post({ ...request(), arguments: { text: 'x'.repeat(3000) } }, source)).rejects.toThrow(/the approval request of tool 'file_editor' is \d+ bytes as JSON, more than the inbox's limit of 2048/);
    const [a] = [await inbox.post(request('a'), source), await inbox.post(request('b'), source), await inbox.post(request('c'), source)];
    await expect(inbox.post(request('d'), source)).rejects.toThrow('it holds 3 pending entries, its limit; answer or withdraw some first');
    await inbox.answer(a!.id, a!.binding, { type: 'approve' });
    const d = await inbox.post(request('d'), source); // the answered entry made room
    expect((await inbox.list()).map((e) => e.request.arguments.path).sort()).toEqual(['b', 'c', 'd']);
    expect(d.state).toBe('pending');
  });

  it('refuses a directory that is a symbolic link, or a file', async () => {
    const inbox = inboxIn();
    mkdirSync(join(dirname(inbox.dir), 'elsewhere'));
    symlinkSync(join(dirname(inbox.dir), 'elsewhere'), inbox.dir);
    const refusal = `approvals inbox ${inbox.dir}: not a directory (a symbolic link or a file); the inbox needs a directory of its own`;
    await expect(inbox.post(request(), source)).rejects.toThrow(refusal);
    rmSync(inbox.dir);
    writeFileSync(inbox.dir, '');
    await expect(inbox.post(request(), source)).rejects.toThrow(refusal);
  });

  it('waitForAnswer rejects with the signal’s reason when it aborts; withdraw marks the entry', async () => {
    const inbox = inboxIn();
    const entry = await inbox.post(request(), source);
    const controller = new AbortController();
    const waiting = inbox.waitForAnswer(entry.id, controller.signal);
    setTimeout(() => controller.abort(new Error('call cancelled')), 50);
    await expect(waiting).rejects.toThrow('call cancelled');
    await inbox.withdraw(entry.id);
    expect((await inbox.get(entry.id))!.state).toBe('withdrawn');
    await expect(inbox.waitForAnswer(entry.id)).rejects.toThrow(`entry "${entry.id}" was withdrawn before it was answered`);
  });

  it('a waiting call is woken by the change itself (fs.watch), not by its poll', async () => {
    const waiter = inboxIn({ pollMs: 60_000 });
    const answerer = new FileApprovalInbox(waiter.dir, { pollMs: 60_000 });
    inboxes.push(answerer);
    for (let round = 0; round < 5; round++) {
      const entry = await waiter.post(request(`r${round}`), source);
      const waiting = waiter.waitForAnswer(entry.id);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = Date.now();
      await answerer.answer(entry.id, entry.binding, { type: 'approve' });
      await expect(waiting).resolves.toEqual({ type: 'approve' });
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('watch reports entries posted, answered and withdrawn (also by other inbox objects)', async () => {
    const inbox = inboxIn();
    const other = new FileApprovalInbox(inbox.dir, { pollMs: 20 });
    inboxes.push(other);
    const seen: string[] = [];
    const stop = inbox.watch((entry) => seen.push(`${entry.request.arguments.path as string}:${entry.state}`));
    const a = await other.post(request('a'), source);
    await until(() => seen.includes('a:pending'));
    await other.answer(a.id, a.binding, { type: 'approve' });
    await until(() => seen.includes('a:answered'));
    const b = await other.post(request('b'), source);
    await other.withdraw(b.id);
    await until(() => seen.includes('b:withdrawn'));
    stop();
    await other.post(request('c'), source);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen.some((s) => s.startsWith('c:'))).toBe(false);
  });
});

describe('FileApprovalInbox across processes', () => {
  it('a call waiting in another process gets the answer given here', async () => {
    const inbox = inboxIn();
    const entry = await inbox.post(request(), source);
    const waiter = startChild(child, ['wait', inbox.dir, entry.id]);
    const output = outputOf(waiter);
    await lineOf(waiter, /^waiting$/);
    await inbox.answer(entry.id, entry.binding, { type: 'edit', arguments: { command: 'create', path: 'src/b.ts', file_text: 'y' } });
    expect((await output).trim().split('\n')).toEqual(['waiting', JSON.stringify({ type: 'edit', arguments: { command: 'create', path: 'src/b.ts', file_text: 'y' } })]);
  });

  it('two processes answering the same entry at the same moment: exactly one wins, every time', async () => {
    const inbox = inboxIn();
    for (let round = 0; round < 4; round++) {
      const entry = await inbox.post(request(`r${round}`), source);
      const at = String(Date.now() + 400);
      const outputs = await Promise.all(
        [{ type: 'approve' }, { type: 'reject', reason: 'no' }].map((answer) => outputOf(startChild(child, ['answer', inbox.dir, entry.id, entry.binding, JSON.stringify(answer), at]))),
      );
      const lines = outputs.map((o) => o.trim());
      expect(lines.filter((l) => l === 'won')).toHaveLength(1);
      expect(lines.find((l) => l !== 'won')).toMatch(new RegExp(`^refused: inbox entry "${entry.id}" was already answered by process \\d+ \\((approve|reject)\\); each entry is answered once$`));
      const stored = (await inbox.get(entry.id))!;
      expect(stored.state).toBe('answered');
      expect(stored.answeredBy).toMatch(/^process \d+$/);
    }
  });

  it('a pending entry of a process that is gone reads as withdrawn, and cannot be answered', async () => {
    const inbox = inboxIn();
    const posted = JSON.parse((await outputOf(startChild(child, ['post', inbox.dir, 'terminal']))).trim()) as InboxEntry;
    expect(posted.state).toBe('pending');
    expect((await inbox.get(posted.id))!.state).toBe('withdrawn');
    await expect(inbox.answer(posted.id, posted.binding, { type: 'approve' })).rejects.toThrow('was withdrawn');
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
