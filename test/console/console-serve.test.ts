import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { BrowserContext } from 'playwright-core';
import { inFlight, startCli, waitForStderr } from '../cli/cli-harness.js';
import { chat } from '../models/api-fixtures.js';
import { startFakeModelServer } from '../models/fake-model-server.js';
import { CHROMIUM, HAS_CHROMIUM, HOSTILE_SERVER, launchChromium } from './console-harness.js';

// The page's document as the callback below reads it (it runs in Chromium; the root tsconfig has no DOM types).
declare const document: { querySelector(selector: string): unknown };

if (!HAS_CHROMIUM) process.stdout.write(`console serve tests skipped: ${CHROMIUM} is missing (scripts/setup-system.sh installs Debian's chromium)\n`);
const describeInBrowser = HAS_CHROMIUM ? describe : describe.skip;

/** Starts the built CLI and resolves with the first URL its stderr prints after `label`. */
async function started(args: string[], cwd: string, label: RegExp): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = startCli(args, { cwd });
  const match = await waitForStderr(child, new RegExp(`${label.source}.*?(http://127\\.0\\.0\\.1:\\d+/[a-z/]*)`), 30_000);
  return { child, url: match[1]! };
}

async function mcpClient(url: string): Promise<Client> {
  const client = new Client({ name: 'console-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function stop(child: ChildProcessWithoutNullStreams | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGTERM');
  });
}

describeInBrowser('toolwright serve --http --console and toolwright console (built CLI, Chromium)', () => {
  let dir: string;
  let inbox: string;
  let browser: BrowserContext;
  let closeBrowser: () => Promise<void>;
  let serving: { child: ChildProcessWithoutNullStreams; url: string };
  let consoleUrl: string;
  const children: ChildProcessWithoutNullStreams[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-console-serve-'));
    inbox = join(dir, 'inbox');
    writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: [{ name: 'think' }], mcpServers: { hostile: { command: process.execPath, args: [HOSTILE_SERVER] } } }));
    const child = startCli(['serve', '--http', '--console', '--port', '0', '--spec', 'agent.json', '--inbox', inbox], { cwd: dir });
    children.push(child);
    // One wait for both lines: serve writes them back to back, so they can come in one chunk of
    // stderr, and a second wait, listening only from its start, would never see the second line.
    const lines = await waitForStderr(child, /serving.*?(http:\/\/127\.0\.0\.1:\d+\/[a-z/]*)[\s\S]*?web console at (http:\/\/\S+)/, 30_000);
    serving = { child, url: lines[1]! };
    consoleUrl = lines[2]!;
    ({ browser, close: closeBrowser } = await launchChromium());
  }, 90_000);

  afterAll(async () => {
    await closeBrowser?.();
    for (const child of children) await stop(child);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the console on the MCP listener, and shows every MCP session\'s calls live', async () => {
    expect(new URL(consoleUrl).port).toBe(new URL(serving.url).port);
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${consoleUrl}#live`);
    await page.waitForSelector('.live-state.on');
    const client = await mcpClient(serving.url);
    const result = await client.callTool({ name: 'plan_trip', arguments: { traveller: { name: 'Bo', age: 9 }, mode: 'bike' } });
    expect(result.isError).toBeFalsy();
    const row = page.locator('table.calls tbody tr', { hasText: 'plan_trip' }).first();
    await row.waitFor();
    await page.waitForFunction(() => !document.querySelector('table.calls tbody tr.running'));
    const text = (await row.textContent())!;
    expect(text).toContain('session 1');
    expect(text).toContain('allow');
    expect(text).toContain('Trip for Bo (9) by bike');
    await client.close();
    await page.close();
  });

  it('approves from the page a call parked by a serve process in another process; that call finishes', async () => {
    const other = await started(['serve', '--http', '--port', '0', '--spec', 'agent.json', '--inbox', inbox], dir, /serving/);
    children.push(other.child);
    const client = await mcpClient(other.url);
    const waiting = inFlight(client.callTool({ name: 'write_note', arguments: { text: 'from another process' } }));
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${consoleUrl}#inbox`);
    const entry = page.locator('article.entry.pending', { hasText: 'from another process' });
    await entry.waitFor();
    // The entry names the process that parked it: the other serve, not this console's.
    expect(await entry.textContent()).toContain(`:${other.child.pid}`);
    await entry.locator('button:text("Approve")').click();
    const result = await waiting;
    expect(result.content).toEqual([{ type: 'text', text: 'Wrote: from another process' }]);
    await page.locator('article.entry.answered', { hasText: 'from another process' }).waitFor();
    await client.close();
    await page.close();
  });

  it('toolwright console serves the same inbox on a listener of its own; a reject with a reason reaches the waiting call', async () => {
    const standalone = await started(['console', '--port', '0', '--spec', 'agent.json', '--inbox', inbox], dir, /console for \d+ tools at/);
    children.push(standalone.child);
    const client = await mcpClient(serving.url);
    const waiting = inFlight(client.callTool({ name: 'write_note', arguments: { text: 'not this one' } }));
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${standalone.url}#inbox`);
    const entry = page.locator('article.entry.pending', { hasText: 'not this one' });
    await entry.waitFor();
    await entry.getByLabel('Reason for rejecting').fill('wrong folder');
    await entry.locator('button:text("Reject")').click();
    const result = await waiting;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('wrong folder');
    await client.close();
    await page.close();
  });
  it('approves from the page an ask of a deferred `toolwright run --approve-via inbox` in another process; the run finishes', async () => {
    const model = await startFakeModelServer(
      { sse: chat.sse({ calls: [{ id: 'call_1', name: 'think', args: '{"thought":"plan the trip from the page"}' }] }), done: true },
      { sse: chat.sse({ text: 'Planned.' }), done: true },
    );
    try {
      const args = ['run', 'Plan the trip.', '--model', 'openai:gpt-test', '--base-url', `${model.url}/v1`, '--spec', 'agent.json', '--ask', 'think', '--approve-via', 'inbox', '--inbox', inbox];
      const run = startCli(args, { cwd: dir, env: { OPENAI_API_KEY: 'test-key' } });
      children.push(run);
      let stdout = '';
      run.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => run.on('close', (code) => resolve(code)));
      const page = await browser.newPage();
      page.setDefaultTimeout(30_000);
      await page.goto(`${consoleUrl}#inbox`);
      const entry = page.locator('article.entry.pending', { hasText: 'plan the trip from the page' });
      await entry.waitFor();
      expect(await entry.textContent()).toContain(`:${run.pid}`);
      await entry.locator('button:text("Approve")').click();
      expect(await exited).toBe(0);
      expect(stdout).toContain('Planned.');
      expect(model.requests).toHaveLength(2);
      await page.close();
    } finally {
      await model.close();
    }
  }, 90_000);
});
