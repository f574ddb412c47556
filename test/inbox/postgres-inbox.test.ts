// PostgresApprovalInbox against a real PostgreSQL server started in a temporary directory.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { ApprovalRequest, InboxEntry, InboxSource } from '@toolwright/sdk/policy';
import { inboxBinding, processLabel } from '@toolwright/sdk/policy';
import { PostgresApprovalInbox } from '../../packages/cli/src/inbox/postgres-approval-inbox.js';
import type { PostgresApprovalInboxOptions } from '../../packages/cli/src/inbox/postgres-approval-inbox.js';
import { postgresUnavailable, startPostgres } from './postgres-server.js';
import type { PostgresServer } from './postgres-server.js';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`postgres-inbox tests skipped: ${unavailable}`);
const describeWithPostgres = unavailable ? describe.skip : describe;

let server: PostgresServer;
const inboxes: PostgresApprovalInbox[] = [];
let table = 0;

beforeAll(async () => {
  if (!unavailable) server = await startPostgres();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});
afterEach(async () => {
  for (const inbox of inboxes.splice(0)) await inbox.close();
});

/** `count` inbox objects (each its own pool and listening connection, as replicas have) on a fresh table. */
async function replicas(count: number, options: PostgresApprovalInboxOptions = {}): Promise<PostgresApprovalInbox[]> {
  const name = `inbox_test_${++table}`;
  const opened = await Promise.all(Array.from({ length: count }, () => PostgresApprovalInbox.connect(server.url, { table: name, pollMs: 50, ...options })));
  inboxes.push(...opened);
  return opened;
}

const request = (path = 'src/a.ts'): ApprovalRequest => ({
  toolCallId: 'call_1',
  toolName: 'file_editor',
  arguments: { command: 'create', path, file_text: 'x' },
  reason: 'file_editor writes files.',
  suggestedRules: ['file_editor(src/**)'],
  bypassImmune: false,
});
const source: InboxSource = { kind: 'serve', label: 'replica A', process: processLabel() };

async function query(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client(server.url);
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

describeWithPostgres('PostgresApprovalInbox (a real PostgreSQL server)', () => {
  it('creates its table (replicas starting at once), posts, lists and gets entries bound to what they show', async () => {
    const [a, b] = await replicas(2);
    const entry = await a!.post(request(), source, 'conv-1');
    expect(entry).toMatchObject({ request: request(), source, conversationId: 'conv-1', state: 'pending' });
    expect(entry.binding).toBe(inboxBinding(entry));
    expect(await b!.get(entry.id)).toEqual(entry);
    expect(await b!.list({ state: 'pending', toolName: 'file_editor' })).toEqual([entry]);
    expect(await b!.list({ state: 'answered' })).toEqual([]);
    const columns = await query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'inbox_test_${table}' ORDER BY ordinal_position`);
    expect(columns.rows.map((r: { column_name: string }) => r.column_name)).toEqual(['id', 'state', 'tool_name', 'binding', 'created_at', 'owner_pid', 'entry']);
  });

  it("answers once, only with the entry's binding; the messages match the file inbox's", async () => {
    const [a, b] = await replicas(2);
    const one = await a!.post(request('a'), source);
    const two = await a!.post(request('b'), source);
    await expect(b!.answer(one.id, two.binding, { type: 'approve' })).rejects.toThrow(`the answer's binding does not match inbox entry "${one.id}"`);
    const answered = await b!.answer(one.id, one.binding, { type: 'always' }, 'console on B');
    expect(answered).toMatchObject({ state: 'answered', answer: { type: 'always' }, answeredBy: 'console on B' });
    expect(await a!.get(one.id)).toEqual(answered);
    await expect(a!.answer(one.id, one.binding, { type: 'approve' })).rejects.toThrow(`inbox entry "${one.id}" was already answered by console on B (always); each entry is answered once`);
    await a!.withdraw(two.id);
    await expect(b!.answer(two.id, two.binding, { type: 'approve' })).rejects.toThrow('was withdrawn');
  });

  it('two replicas answering the same entry at the same moment: exactly one wins, every time', async () => {
    const [a, b, c] = await replicas(3);
    for (let round = 0; round < 10; round++) {
      const entry = await a!.post(request(`r${round}`), source);
      const outcomes = await Promise.allSettled([b!.answer(entry.id, entry.binding, { type: 'approve' }, 'B'), c!.answer(entry.id, entry.binding, { type: 'reject' }, 'C')]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect((lost.reason as Error).message).toMatch(new RegExp(`^inbox entry "${entry.id}" was already answered by [BC] \\((approve|reject)\\); each entry is answered once$`));
    }
  });

  it('a call waiting on replica A is woken by the NOTIFY of an answer given on replica B (no polling)', async () => {
    const [a, b] = await replicas(2, { pollMs: 60_000 });
    const entry = await a!.post(request(), source);
    const started = Date.now();
    const waiting = a!.waitForAnswer(entry.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await b!.answer(entry.id, entry.binding, { type: 'edit', arguments: { path: 'src/b.ts' } });
    expect(await waiting).toEqual({ type: 'edit', arguments: { path: 'src/b.ts' } });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('watch on one replica sees entries posted, answered and withdrawn on another', async () => {
    const [a, b] = await replicas(2);
    const seen: string[] = [];
    const stop = a!.watch((e) => seen.push(`${e.request.arguments.path as string}:${e.state}`));
    // A listener gets the entry as it is when the NOTIFY is read: wait for each state before the next change.
    const one = await b!.post(request('one'), source);
    await until(() => seen.includes('one:pending'));
    await b!.answer(one.id, one.binding, { type: 'approve' });
    await until(() => seen.includes('one:answered'));
    const two = await b!.post(request('two'), source);
    await until(() => seen.includes('two:pending'));
    await b!.withdraw(two.id);
    await until(() => seen.includes('two:withdrawn'));
    stop();
    await b!.post(request('three'), source);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.some((e) => e.startsWith('three:'))).toBe(false);
  });

  it('waitForAnswer rejects when its signal aborts', async () => {
    const [a] = await replicas(1);
    const entry = await a!.post(request(), source);
    await expect(a!.waitForAnswer(entry.id, AbortSignal.timeout(100))).rejects.toThrow(/timed out|aborted/i);
  });

  it('a pending entry of a process whose connection is gone reads as withdrawn', async () => {
    const [a, gone] = await replicas(2);
    const entry = await gone!.post(request(), { ...source, label: 'replica that dies' });
    await gone!.close();
    inboxes.splice(inboxes.indexOf(gone!), 1);
    await until(async () => (await a!.get(entry.id))?.state === 'withdrawn');
    await expect(a!.answer(entry.id, entry.binding, { type: 'approve' })).rejects.toThrow('was withdrawn');
  });

  it('treats rows as hostile: an altered entry cannot be answered, a malformed row is skipped and reported', async () => {
    const problems: string[] = [];
    const [a] = await replicas(1, { onProblem: (m) => problems.push(m) });
    const entry = await a!.post(request(), source);
    await query(`UPDATE inbox_test_${table} SET entry = jsonb_set(entry, '{request,arguments,path}', '".bashrc"') WHERE id = $1`, [entry.id]);
    await expect(a!.answer(entry.id, entry.binding, { type: 'approve' })).rejects.toThrow(`inbox entry "${entry.id}" (tool "file_editor") was altered after it was posted`);
    await query(`INSERT INTO inbox_test_${table} (id, state, tool_name, binding, created_at, entry) VALUES ('${'B'.repeat(22)}', 'pending', 'x', 'x', now(), '{"id":"${'B'.repeat(22)}","state":"pending"}')`);
    const listed = await a!.list();
    expect(listed.map((e: InboxEntry) => e.id)).toEqual([entry.id]);
    expect(problems).toEqual([`approvals inbox ${server.url}: row "${'B'.repeat(22)}": not an approvals-inbox entry (request: expected an object)`]);
    await expect(a!.get('B'.repeat(22))).rejects.toThrow('not an approvals-inbox entry (request: expected an object)');
  });

  it('names the server without its password when it cannot connect, and refuses a bad table name', async () => {
    const url = `postgres://someone:secret@127.0.0.1:${server.port + 1}/nowhere`;
    const error = (await PostgresApprovalInbox.connect(url).catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(/^approvals inbox postgres:\/\/someone:\*\*\*@127\.0\.0\.1:\d+\/nowhere: .*ECONNREFUSED/);
    expect(error.message).not.toContain('secret');
    await expect(PostgresApprovalInbox.connect(server.url, { table: 'x; DROP TABLE y' })).rejects.toThrow("approvals inbox table: expected a lower-case SQL name (letters, digits, _), got 'x; DROP TABLE y'");
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
