import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileApprovalInbox, inboxApprovalHandler, processLabel } from '@toolwright/sdk/policy';
import type { BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { openToolset } from '../../packages/cli/src/toolset/open-toolset.js';
import type { OpenedToolset } from '../../packages/cli/src/toolset/opened-toolset.js';
import { CallMonitor } from '../../packages/cli/src/console/call-monitor.js';
import { startConsoleServer } from '../../packages/cli/src/console/start-console-server.js';
import type { RunningConsole } from '../../packages/cli/src/console/start-console-server.js';

/** Debian's Chromium (scripts/setup-system.sh installs it). */
export const CHROMIUM = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM);
export const HOSTILE_SERVER = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hostile-mcp-server.mjs');

/** Launches headless Chromium with a fresh profile (its --user-data-dir, removed on close). */
export async function launchChromium(): Promise<{ browser: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tw-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A console over a spec with the hostile MCP server and the think tool, its asks in a file inbox. */
export interface ConsoleHarness {
  dir: string;
  toolset: OpenedToolset;
  inbox: FileApprovalInbox;
  inboxDir: string;
  console: RunningConsole;
  /** The Toolwright name of the hostile server's tool `name`. */
  toolName(name: string): string;
  close(): Promise<void>;
}

/** Starts {@link ConsoleHarness}: `toolwright console` in-process (the same parts the command wires). */
export async function startConsoleHarness(options: { token?: string } = {}): Promise<ConsoleHarness> {
  const dir = mkdtempSync(join(tmpdir(), 'tw-console-'));
  const spec = join(dir, 'agent.json');
  writeFileSync(spec, JSON.stringify({ tools: [{ name: 'think' }], mcpServers: { hostile: { command: process.execPath, args: [HOSTILE_SERVER] } } }));
  const inboxDir = join(dir, '.toolwright', 'inbox');
  const inbox = new FileApprovalInbox(inboxDir);
  const approval = inboxApprovalHandler(inbox, { kind: 'serve', label: 'console test', process: processLabel() });
  const toolset = await openToolset({ spec, cwd: dir, env: process.env, approval, policyRequired: true });
  const running = await startConsoleServer(
    { toolset, label: spec, monitor: new CallMonitor(), inbox, auditLog: toolset.agent?.policy?.audit?.path },
    { host: '127.0.0.1', port: 0, token: options.token },
  );
  return {
    dir,
    toolset,
    inbox,
    inboxDir,
    console: running,
    toolName: (name) => toolset.names().find((n) => n === name || n.endsWith(`_${name}`)) ?? name,
    close: async () => {
      await running.close();
      await toolset.close();
      await inbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
