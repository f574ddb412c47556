// `serve --http --console` with a bearer token (as off loopback): a browser opens the console with
// the link serve prints (?token= once, then a cookie), while /mcp still needs the bearer header.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startCli, waitForStderr } from '../cli/cli-harness.js';

describe('serve --http --console with a bearer token', () => {
  const token = 'k'.repeat(40);
  let dir: string;
  let child: ChildProcessWithoutNullStreams;
  let link: URL;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-console-token-'));
    writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: [{ name: 'think' }] }));
    child = startCli(['serve', '--http', '--console', '--port', '0', '--spec', 'agent.json', '--inbox', join(dir, 'inbox')], { cwd: dir, env: { TOOLWRIGHT_TOKEN: token } });
    link = new URL((await waitForStderr(child, /web console at (http:\/\/\S+)/, 30_000))[1]!);
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}): Promise<Response> => fetch(new URL(path, link), { headers, redirect: 'manual' });

  it('prints the console link with its token', () => {
    expect(link.pathname).toBe('/console/');
    expect(link.searchParams.get('token')).toBe(token);
  });

  it('signs a browser in with the link (a cookie, not the token), and refuses the page without it', async () => {
    expect((await get('/console/')).status).toBe(401);
    expect((await get('/console/?token=wrong')).status).toBe(401);
    const login = await get(link.pathname + link.search);
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).not.toContain(token);
    const session = cookie.split(';')[0]!;
    expect((await get('/console/', { cookie: session })).status).toBe(200);
    const tools = (await (await get('/console/api/tools', { cookie: session })).json()) as { tools: { name: string }[] };
    expect(tools.tools.map((t) => t.name)).toContain('think');
  });

  it('keeps the bearer check of the MCP endpoint: the console cookie is no MCP credential', async () => {
    const login = await get(link.pathname + link.search);
    const session = login.headers.get('set-cookie')!.split(';')[0]!;
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    expect((await fetch(new URL('/mcp', link), { method: 'POST', body, headers: { ...headers, cookie: session } })).status).toBe(401);
    expect((await fetch(new URL('/other', link), { headers: { cookie: session } })).status).toBe(401);
  });
});
