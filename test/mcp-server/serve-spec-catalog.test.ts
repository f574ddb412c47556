import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ROOT, runCli } from '../cli/cli-harness.js';
import { cleanUp, overHttp, overStdio, PROXY_FIXTURES, startHttpServe } from '../mcp-proxy/proxy-harness.js';

const SERVE = {
  args: ['--spec', join(ROOT, 'test/mcp-server/fixtures/catalog-spec.yaml')],
  env: { NODE: process.execPath, UPSTREAM: join(PROXY_FIXTURES, 'proxy-upstream.mjs') },
};

afterEach(cleanUp);

async function servesTheCatalogBesideTheUpstream(client: Client): Promise<void> {
  expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['release-notes', 'greet', 'crash', 'huge']);
  expect(await client.getPrompt({ name: 'release-notes', arguments: { version: '2.0', tone: 'upbeat' } })).toEqual({
    description: 'Draft release notes',
    messages: [{ role: 'user', content: { type: 'text', text: 'Draft the release notes of 2.0 in a upbeat tone.' } }],
  });
  await expect(client.getPrompt({ name: 'release-notes', arguments: { tone: 'grim' } })).rejects.toThrow(
    'MCP error -32602: Invalid arguments for prompt \'release-notes\':\n- version: required field missing; expected string\n- tone: expected one of "plain", "upbeat", got a string that does not match',
  );
  expect((await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } })).messages).toEqual([{ role: 'user', content: { type: 'text', text: 'alpha greets Ada' } }]);
  expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['docs://policy', 'docs://guide', 'toolwright-mcp://alpha/fx://doc', 'toolwright-mcp://alpha/fx://bad']);
  expect(await client.readResource({ uri: 'docs://guide' })).toEqual({ contents: [{ uri: 'docs://guide', mimeType: 'text/markdown', text: '# Guide\nRead me.\n' }] });
  expect((await client.readResource({ uri: 'toolwright-mcp://alpha/fx://doc' })).contents).toEqual([{ uri: 'toolwright-mcp://alpha/fx://doc', mimeType: 'text/plain', text: 'alpha doc' }]);
  expect(await client.complete({ ref: { type: 'ref/prompt', name: 'release-notes' }, argument: { name: 'tone', value: 'u' } })).toEqual({ completion: { values: ['upbeat'], total: 1, hasMore: false } });
  expect(await client.complete({ ref: { type: 'ref/prompt', name: 'greet' }, argument: { name: 'who', value: 'A' } })).toEqual({ completion: { values: ['alpha:prompt greet:who=A'] } });
}

describe('toolwright serve: the spec\'s prompts and resources next to the proxied ones', () => {
  it('over stdio', async () => {
    const { client } = await overStdio(SERVE);
    expect(client.getServerCapabilities()).toMatchObject({ prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, completions: {} });
    await servesTheCatalogBesideTheUpstream(client);
  }, 60_000);

  it('over HTTP (createMcpServer\'s handler)', async () => {
    const url = await startHttpServe(SERVE);
    const { client } = await overHttp(url);
    await servesTheCatalogBesideTheUpstream(client);
  }, 60_000);

  it('refuses a spec whose prompt text names an undeclared argument, naming the path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-catalog-spec-'));
    try {
      const spec = join(dir, 'agent.yaml');
      writeFileSync(spec, 'tools: []\nprompts:\n  - name: p\n    arguments: [{ name: topic }]\n    messages: [{ role: user, text: "About {{topik}}" }]\n');
      const result = await runCli(['serve', '--stdio', '--spec', spec]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${spec}: prompts[0].messages[0].text: {{topik}} names no argument of prompt 'p'; arguments: topic.`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
