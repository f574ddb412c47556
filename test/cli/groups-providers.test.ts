import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './cli-harness.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tw-cli-providers-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runCli(args, { cwd: dir, env: { BRAVE_API_KEY: '' } });

describe('toolwright groups with the built-in providers', () => {
  it("says a keyed group needs its key instead of 'ready'", async () => {
    expect((await run(['groups', 'register', 'builtin::websearch', '--provider', 'brave-search'])).code).toBe(0);
    const listed = await run(['groups', 'list', '--no-color']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n').slice(0, 2)).toEqual([
      'GROUP               PROVIDER      STATUS',
      'builtin::websearch  brave-search  needs brave_api_key (1 tool listed; set the key in toolProviders.brave-search.apiKey or send it per request)',
    ]);
    writeFileSync(join(dir, 'keyed.yaml'), "tools: []\ntoolProviders:\n  brave-search: { apiKey: 'k' }\n");
    const keyed = await run(['groups', 'list', '--spec', 'keyed.yaml', '--no-color']);
    expect(keyed.stdout.split('\n')[1]).toBe('builtin::websearch  brave-search  ready (1 tool)');
    expect(keyed.stdout).toMatch(/\nbrave-search +ready\n/);
  }, 60_000);

  it('gives two groups offering web_search their own names with --tool-prefix, and list shows each tool\'s group', async () => {
    await run(['groups', 'register', 'builtin::brave', '--provider', 'brave-search']);
    await run(['groups', 'register', 'builtin::bing', '--provider', 'bing-search']);
    const clash = await run(['list']);
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain("Tool 'web_search' already exists: both tool group 'builtin::brave' and tool group 'builtin::bing' provide it.");
    expect(clash.stderr).toContain('--tool-prefix');
    await run(['groups', 'unregister', 'builtin::bing']);
    expect((await run(['groups', 'register', 'builtin::bing', '--provider', 'bing-search', '--tool-prefix', 'bing_'])).code).toBe(0);
    const listed = await run(['list', '--json']);
    expect(listed.code).toBe(0);
    const rows = (JSON.parse(listed.stdout) as { name: string; origin: string }[]).filter((r) => r.name.endsWith('web_search'));
    expect(rows).toEqual([
      expect.objectContaining({ name: 'web_search', origin: 'group:builtin::brave (brave-search)' }),
      expect.objectContaining({ name: 'bing_web_search', origin: 'group:builtin::bing (bing-search)' }),
    ]);
    // The prefixed tool reaches Bing's provider (which asks for its key).
    const called = await run(['call', 'bing_web_search', '{"query":"x"}']);
    expect([called.code, called.stdout]).toEqual([1, expect.stringContaining('Bing Search needs an API key')]);
  }, 90_000);

  it("names the spec's provider options a constructor refuses (exit 2)", async () => {
    writeFileSync(join(dir, 'typo.yaml'), "tools: []\ntoolProviders:\n  brave-search: { apikey: 'k' }\n");
    const typo = await run(['groups', 'list', '--spec', 'typo.yaml']);
    expect([typo.code, typo.stderr.trim()]).toEqual([
      2,
      `toolwright: toolProviders["brave-search"]: new BraveSearchProvider(options?): unknown option 'apikey'. Did you mean 'apiKey'? Options: apiKey, baseUrl, timeoutMs, defaultMaxResults.`,
    ]);
  }, 60_000);
});
