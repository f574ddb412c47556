import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcess, ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { FIXTURES, ROOT, runCli, startCli, waitForStderr } from './cli-harness.js';

const TOOLS = ['--import', join(FIXTURES, 'scale-tools.mjs')];
const CALLS = 1_000;
const IN_FLIGHT = 16;

/** HAProxy's binary: on PATH, or where Debian puts it (/usr/sbin is not on every PATH). */
function haproxyBinary(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    try {
      accessSync(join(dir, 'haproxy'), constants.X_OK);
      return join(dir, 'haproxy');
    } catch {
      // Not here.
    }
  }
  throw new Error('HAProxy is not installed, and the load-balancer test needs it: run `bash scripts/setup-system.sh` (it runs apt-get install haproxy).');
}

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

/** Polls until HAProxy forwards to a replica (which answers a bare GET with 405 or 400). */
async function untilForwarding(url: string, haproxy: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}:\n${log()}`);
    const status = await fetch(url).then((r) => r.status, () => 0);
    if (status === 405 || status === 400) return;
    if (Date.now() > deadline) throw new Error(`haproxy at ${url} did not forward (last status ${status}):\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const children: ChildProcess[] = [];

/**
 * Starts replicas `a` and `b` (`serve --http` with `args`, told the LB's address) and HAProxy
 * with `config` in front of them; returns the LB's MCP URL.
 */
async function startCluster(config: string, args: readonly string[]): Promise<string> {
  const binary = haproxyBinary();
  const lbAddress = `127.0.0.1:${await freePort()}`;
  const replica = async (name: string): Promise<string> => {
    const child: ChildProcessWithoutNullStreams = startCli(['serve', '--http', '--port', '0', ...args, '--allowed-host', lbAddress, ...TOOLS], { env: { REPLICA: name } });
    children.push(child);
    const [, address] = await waitForStderr(child, /at http:\/\/([^\s/]+)\/mcp/);
    return address!;
  };
  const [a, b] = await Promise.all([replica('a'), replica('b')]);
  const haproxy = spawn(binary, ['-db', '-f', join(ROOT, 'docs/deploy', config)], { env: { ...process.env, LB_BIND: lbAddress, REPLICA_A: a, REPLICA_B: b }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(haproxy);
  let output = '';
  haproxy.stdout.on('data', (c: Buffer) => (output += c.toString()));
  haproxy.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://${lbAddress}/mcp`;
  // Stateless replicas answer GET with 405, stateful ones without a session with 400.
  await untilForwarding(url, haproxy, () => output);
  return url;
}

afterAll(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The replica that answered `square(n)`, after checking the result exactly; undefined when it is wrong. */
function replicaOf(result: Awaited<ReturnType<Client['callTool']>>, n: number): string | undefined {
  const content = result.content as { type: string; text: string }[];
  const match = content.length === 1 && content[0]!.type === 'text' ? /^(\d+) from (a|b)$/.exec(content[0]!.text) : null;
  return match && Number(match[1]) === n * n && !result.isError ? match[2] : undefined;
}

describe('two serve --http --stateless replicas behind HAProxy (docs/deploy/haproxy.cfg)', () => {
  let lbUrl = '';
  beforeAll(async () => {
    lbUrl = await startCluster('haproxy.cfg', ['--stateless']);
  }, 30_000);

  it(`answers ${CALLS} calls from one client, ${IN_FLIGHT} in flight, spread over both replicas, none lost`, async () => {
    const client = new Client({ name: 'lb-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(lbUrl)));
    try {
      const served = new Map<string, number>();
      const wrong: string[] = [];
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < CALLS) {
          const n = next++;
          const result = await client.callTool({ name: 'square', arguments: { n } });
          const replica = replicaOf(result, n);
          if (replica === undefined) wrong.push(`${n}: ${JSON.stringify(result)}`);
          else served.set(replica, (served.get(replica) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      expect(wrong).toEqual([]);
      expect((served.get('a') ?? 0) + (served.get('b') ?? 0)).toBe(CALLS);
      // Round robin: each replica takes about half; a quarter at least proves both serve.
      expect(served.get('a')).toBeGreaterThanOrEqual(CALLS / 4);
      expect(served.get('b')).toBeGreaterThanOrEqual(CALLS / 4);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('refuses a Host that is neither the load balancer nor the replica', async () => {
    // node:http, since fetch does not let a caller choose the Host header.
    const { hostname, port } = new URL(lbUrl);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({ host: hostname, port, path: '/mcp', method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    });
    expect(status).toBe(403);
  });
});

describe('two stateful serve --http replicas behind HAProxy with sticky sessions (docs/deploy/haproxy-sticky.cfg)', () => {
  let lbUrl = '';
  beforeAll(async () => {
    lbUrl = await startCluster('haproxy-sticky.cfg', []);
  }, 30_000);

  it('keeps each MCP session on the replica that opened it, and spreads sessions over both', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 8 }, async (_, s) => {
        const client = new Client({ name: `sticky-${s}`, version: '1.0.0' });
        await client.connect(new StreamableHTTPClientTransport(new URL(lbUrl)));
        try {
          const replicas = new Set<string>();
          for (let n = 0; n < 25; n++) replicas.add(replicaOf(await client.callTool({ name: 'square', arguments: { n } }), n) ?? `wrong answer to ${n}`);
          return [...replicas];
        } finally {
          await client.close();
        }
      }),
    );
    // Every session saw one replica only, and right answers only.
    expect(sessions.map((r) => r.length)).toEqual(Array(8).fill(1));
    const perReplica = sessions.flat();
    expect(perReplica.filter((r) => r === 'a')).toHaveLength(4);
    expect(perReplica.filter((r) => r === 'b')).toHaveLength(4);
  }, 60_000);
  it('resumes a stream a tool ended early through the balancer: the Last-Event-ID GET sticks to the replica that holds the events', async () => {
    const client = new Client({ name: 'sticky-early-close', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(lbUrl)));
    try {
      const progress: (string | undefined)[] = [];
      const result = await client.callTool({ name: 'close_early', arguments: { ms: 200 } }, undefined, { onprogress: (p) => void progress.push(p.message) });
      expect(result).toEqual({ content: [{ type: 'text', text: 'stream closed early: true; done after 200 ms' }] });
      expect(progress).toEqual(['before the close', 'after the close']);
    } finally {
      await client.close();
    }
  }, 30_000);
});

describe('docs/deployment.md', () => {
  it('shows the HAProxy configurations these tests run, verbatim', () => {
    const doc = readFileSync(join(ROOT, 'docs/deployment.md'), 'utf8');
    for (const config of ['haproxy.cfg', 'haproxy-sticky.cfg']) expect(doc).toContain(readFileSync(join(ROOT, 'docs/deploy', config), 'utf8'));
  });
});

describe('serve --allowed-host', () => {
  it('refuses an entry that is neither a host name nor host:port, before serving', async () => {
    const run = await runCli(['serve', '--http', '--port', '0', '--allowed-host', 'lb.example:99999']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("toolwright serve: --allowed-host: expected a host name or host:port, got 'lb.example:99999'.");
  });
});
