// Two `serve --http --stateless --inbox postgres://…` replicas behind the repo's HAProxy
// configuration (docs/deploy/haproxy.cfg) and a real PostgreSQL server: calls that ask are parked
// on whichever replica took them, `toolwright approvals` (another process) answers them through
// the shared table, and each call continues on its own replica. Also: a run waiting in the PostgreSQL inbox.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcess, ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { InboxEntry } from '@toolwright/sdk/policy';
import { finished, FIXTURES, inFlight, ROOT, runCli, startCli, waitForStderr } from '../cli/cli-harness.js';
import { chat } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import { postgresUnavailable, startPostgres } from './postgres-server.js';
import type { PostgresServer } from './postgres-server.js';

const TOOLS = ['--import', join(FIXTURES, 'scale-tools.mjs')];
const CALLS = 6;

function haproxyBinary(): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin']) {
    try {
      accessSync(join(dir, 'haproxy'), constants.X_OK);
      return join(dir, 'haproxy');
    } catch {
      // not here
    }
  }
  return undefined;
}

const unavailable = postgresUnavailable() ?? (haproxyBinary() ? undefined : 'HAProxy is not installed: run scripts/setup-system.sh (apt-get install haproxy)');
if (unavailable) console.warn(`serve-replicas tests skipped: ${unavailable}`);
const describeIfAvailable = unavailable ? describe.skip : describe;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let pg: PostgresServer | undefined;
const children: ChildProcess[] = [];
const replicaPids = new Map<string, number>();
let lbUrl = '';

beforeAll(async () => {
  if (unavailable) return;
  pg = await startPostgres();
  const lbAddress = `127.0.0.1:${await freePort()}`;
  const replica = async (name: string): Promise<string> => {
    const child: ChildProcessWithoutNullStreams = startCli(['serve', '--http', '--port', '0', '--stateless', '--allowed-host', lbAddress, '--inbox', pg!.url, '--ask', 'square', ...TOOLS], { env: { REPLICA: name } });
    children.push(child);
    replicaPids.set(name, child.pid!);
    const [, address] = await waitForStderr(child, /at http:\/\/([^\s/]+)\/mcp/, 30_000);
    return address!;
  };
  const [a, b] = await Promise.all([replica('a'), replica('b')]);
  const haproxy = spawn(haproxyBinary()!, ['-db', '-f', join(ROOT, 'docs/deploy/haproxy.cfg')], { env: { ...process.env, LB_BIND: lbAddress, REPLICA_A: a, REPLICA_B: b }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(haproxy);
  lbUrl = `http://${lbAddress}/mcp`;
  const deadline = Date.now() + 15_000;
  while (![405, 400].includes(await fetch(lbUrl).then((r) => r.status, () => 0))) {
    if (Date.now() > deadline) throw new Error('haproxy did not forward to the replicas');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);

afterAll(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await pg?.stop();
});

/** The pending entries, as `toolwright approvals list --json` prints them (another process). */
async function pending(): Promise<InboxEntry[]> {
  const listed = await runCli(['approvals', 'list', '--json', '--inbox', pg!.url]);
  if (listed.code !== 0) throw new Error(listed.stderr);
  return JSON.parse(listed.stdout) as InboxEntry[];
}

describeIfAvailable('serve --inbox postgres://… on two replicas behind HAProxy', () => {
  it(`${CALLS} calls parked on both replicas are answered from another process through PostgreSQL and continue where they wait`, async () => {
    const client = new Client({ name: 'inbox-replicas', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(lbUrl)));
    try {
      const calls = Array.from({ length: CALLS }, (_, n) => client.callTool({ name: 'square', arguments: { n } }));
      let entries: InboxEntry[] = [];
      const deadline = Date.now() + 30_000;
      while ((entries = await pending()).length < CALLS) {
        if (Date.now() > deadline) throw new Error(`only ${entries.length} of ${CALLS} calls were parked`);
      }
      // Round robin put the calls on both replicas; each entry names the replica's process.
      const owners = new Set(entries.map((e) => Number(/:(\d+)$/.exec(e.source.process)![1])));
      expect(owners).toEqual(new Set(replicaPids.values()));
      expect(entries.every((e) => e.source.kind === 'serve' && e.request.toolName === 'square')).toBe(true);

      // Answer: even n approved, odd n rejected, each by its own `toolwright approvals` process.
      const answers = await Promise.all(
        entries.map((e) => {
          const n = e.request.arguments.n as number;
          return runCli(n % 2 === 0 ? ['approvals', 'approve', e.id, '--inbox', pg!.url] : ['approvals', 'reject', e.id, '--reason', `odd ${n}`, '--inbox', pg!.url]);
        }),
      );
      expect(answers.map((a) => a.code)).toEqual(Array(CALLS).fill(0));

      // Which replica parked call n (its entry's process), to check it is the one that ran it.
      const nameOf = new Map([...replicaPids].map(([name, pid]) => [pid, name]));
      const parkedOn = new Map(entries.map((e) => [e.request.arguments.n as number, nameOf.get(Number(/:(\d+)$/.exec(e.source.process)![1]))]));
      const results = await Promise.all(calls);
      results.forEach((result, n) => {
        const text = (result.content as { text: string }[])[0]!.text;
        if (n % 2 === 0) {
          expect(result.isError).toBeFalsy();
          const match = /^(\d+) from (a|b)$/.exec(text);
          expect(match && Number(match[1])).toBe(n * n);
          expect(match![2]).toBe(parkedOn.get(n));
        } else {
          expect(result.isError).toBe(true);
          expect(text).toContain(`The user did not approve this call of 'square': odd ${n}`);
        }
      });
      expect(await pending()).toEqual([]);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('two approvals processes answering one parked call at once: exactly one wins, the call runs once', async () => {
    const client = new Client({ name: 'inbox-race', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(lbUrl)));
    try {
      const call = inFlight(client.callTool({ name: 'square', arguments: { n: 12 } }));
      let entries: InboxEntry[] = [];
      while ((entries = await pending()).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const id = entries[0]!.id;
      const answers = await Promise.all([runCli(['approvals', 'approve', id, '--inbox', pg!.url]), runCli(['approvals', 'reject', id, '--inbox', pg!.url])]);
      expect(answers.map((a) => a.code).sort()).toEqual([0, 1]);
      expect(answers.find((a) => a.code === 1)!.stderr).toContain(`inbox entry "${id}" was already answered by cli`);
      const result = await call;
      const won = answers.findIndex((a) => a.code === 0);
      if (won === 0) expect((result.content as { text: string }[])[0]!.text).toMatch(/^144 from (a|b)$/);
      else expect(result.isError).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describeIfAvailable('run --approve-via inbox --inbox postgres://…', () => {
  it('the run waits in the PostgreSQL inbox; approvals approve in another process lets it finish', async () => {
    const model = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'call_1', name: 'square', args: '{"n":7}' }] }), done: true },
      { sse: chat.sse({ text: 'Done.' }), done: true },
    );
    try {
      const run = startCli(['run', 'Square 7.', '--model', 'openai:gpt-test', '--base-url', `${model.url}/v1`, '--ask', 'square', '--approve-via', 'inbox', '--inbox', pg!.url, ...TOOLS], { env: { OPENAI_API_KEY: 'sk-test', REPLICA: 'run' } });
      const exited = finished(run, 60_000); // collects from the start: the run may finish before the answering process closes
      const [, location, id] = await waitForStderr(run, /waits for approval in the inbox (\S+) \(entry ([A-Za-z0-9_-]{22})\)/, 30_000);
      expect(location).toBe(pg!.url); // no password in this URL; one with a password is shown as ***
      expect((await runCli(['approvals', 'approve', id!, '--inbox', pg!.url])).code).toBe(0);
      const done = await exited;
      expect([done.code, done.stdout]).toEqual([0, 'Done.\n']);
      const messages = model.requests[1]!.body.messages as { role: string; content: unknown }[];
      expect(messages.filter((m) => m.role === 'tool').map((m) => String(m.content))).toEqual(['49 from run']);
    } finally {
      await model.close();
    }
  }, 60_000);
});
