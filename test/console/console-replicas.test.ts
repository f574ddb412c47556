import { spawn } from 'node:child_process';
import type { ChildProcess, ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { BrowserContext } from 'playwright-core';
import { inFlight, ROOT, startCli, waitForStderr } from '../cli/cli-harness.js';
import { postgresUnavailable, startPostgres } from '../inbox/postgres-server.js';
import type { PostgresServer } from '../inbox/postgres-server.js';
import { CHROMIUM, HAS_CHROMIUM, HOSTILE_SERVER, launchChromium } from './console-harness.js';

/** HAProxy's binary: on PATH, or where Debian puts it. */
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

const missing = !HAS_CHROMIUM ? `${CHROMIUM} is missing` : (postgresUnavailable() ?? (haproxyBinary() ? undefined : 'haproxy is not installed'));
if (missing) process.stdout.write(`console replica tests skipped: ${missing} (scripts/setup-system.sh installs chromium, postgresql and haproxy)\n`);
const describeReplicas = missing ? describe.skip : describe;

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

interface Replica {
  child: ChildProcessWithoutNullStreams;
  /** host:port */
  address: string;
}

describeReplicas('the console across two serve replicas with the PostgreSQL inbox behind HAProxy (docs/deploy/haproxy.cfg)', () => {
  let dir: string;
  let pg: PostgresServer;
  let lb: string;
  const replicas: Replica[] = [];
  const children: ChildProcess[] = [];
  let browser: BrowserContext;
  let closeBrowser: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-console-replicas-'));
    writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: [{ name: 'think' }], mcpServers: { hostile: { command: process.execPath, args: [HOSTILE_SERVER] } } }));
    pg = await startPostgres();
    lb = `127.0.0.1:${await freePort()}`;
    for (const name of ['a', 'b']) {
      const child = startCli(['serve', '--http', '--stateless', '--console', '--inbox', pg.url, '--port', '0', '--spec', 'agent.json', '--allowed-host', lb], { cwd: dir, env: { REPLICA: name } });
      children.push(child);
      const [, address] = await waitForStderr(child, /at http:\/\/([^\s/]+)\/mcp/, 30_000);
      replicas.push({ child, address: address! });
    }
    const haproxy = spawn(haproxyBinary()!, ['-db', '-f', join(ROOT, 'docs/deploy/haproxy.cfg')], { env: { ...process.env, LB_BIND: lb, REPLICA_A: replicas[0]!.address, REPLICA_B: replicas[1]!.address }, stdio: 'ignore' });
    children.push(haproxy);
    for (const deadline = Date.now() + 15_000; ; ) {
      const status = await fetch(`http://${lb}/mcp`).then((r) => r.status, () => 0);
      if (status === 405) break;
      if (Date.now() > deadline) throw new Error(`haproxy at ${lb} did not forward (status ${status})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    ({ browser, close: closeBrowser } = await launchChromium());
  }, 120_000);

  afterAll(async () => {
    await closeBrowser?.();
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function client(): Promise<Client> {
    const mcp = new Client({ name: 'console-replicas', version: '1.0.0' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(`http://${lb}/mcp`)));
    return mcp;
  }

  it('answers from the console of replica B a call parked on replica A', async () => {
    const mcp = await client();
    const waiting = inFlight(mcp.callTool({ name: 'write_note', arguments: { text: 'parked on one replica' } }));
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    // The entry names the process that parked it; the answer is given on the other replica's console.
    await page.goto(`http://${replicas[0]!.address}/console/#inbox`);
    const entry = page.locator('article.entry.pending', { hasText: 'parked on one replica' });
    await entry.waitFor();
    const text = (await entry.textContent())!;
    const parking = replicas.find((r) => text.includes(`:${r.child.pid}`))!;
    expect(parking).toBeDefined();
    const other = replicas.find((r) => r !== parking)!;
    await page.goto(`http://${other.address}/console/#inbox`);
    await entry.waitFor();
    await entry.locator('button:text("Approve")').click();
    const result = await waiting;
    expect(result.content).toEqual([{ type: 'text', text: 'Wrote: parked on one replica' }]);
    await page.locator('article.entry.answered', { hasText: 'parked on one replica' }).waitFor();
    expect(await page.locator('article.entry.answered', { hasText: 'parked on one replica' }).textContent()).toContain(`by console `);
    // Answered by the other replica's console process, not the one that parked the call.
    expect(await page.locator('article.entry.answered', { hasText: 'parked on one replica' }).locator('.answered').textContent()).toContain(`:${other.child.pid}`);
    await mcp.close();
    await page.close();
  });

  it('works through the load balancer (round robin): the page, its stream and its answer may each reach either replica', async () => {
    const mcp = await client();
    const waiting = inFlight(mcp.callTool({ name: 'write_note', arguments: { text: 'through the balancer' } }));
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`http://${lb}/console/#inbox`);
    const entry = page.locator('article.entry.pending', { hasText: 'through the balancer' });
    await entry.waitFor();
    await entry.getByLabel('Reason for rejecting').fill('not via the balancer');
    await entry.locator('button:text("Reject")').click();
    const result = await waiting;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('not via the balancer');
    await mcp.close();
    await page.close();
  });
});
