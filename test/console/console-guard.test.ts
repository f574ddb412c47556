import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startConsoleHarness } from './console-harness.js';
import type { ConsoleHarness } from './console-harness.js';

describe('the console guard with a bearer token (a listener off loopback)', () => {
  let harness: ConsoleHarness;
  const token = 't'.repeat(32);

  beforeAll(async () => {
    harness = await startConsoleHarness({ token });
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}): Promise<Response> => fetch(new URL(path, harness.console.url), { headers, redirect: 'manual' });

  it('refuses the page and the API without the token', async () => {
    const page = await get('/console/');
    expect(page.status).toBe(401);
    expect(((await page.json()) as { error: string }).error).toContain('?token=');
    expect((await get('/console/api/tools')).status).toBe(401);
    expect((await get('/console/?token=wrong')).status).toBe(401);
  });

  it('signs a browser in once with ?token=: an HttpOnly cookie (not the token) and a redirect that drops the token from the address', async () => {
    const login = await get(`/console/?token=${token}`);
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/console/');
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^toolwright_console=[A-Za-z0-9_-]{43}; Path=\/console; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(token);
    const session = cookie.split(';')[0]!;
    expect((await get('/console/', { cookie: session })).status).toBe(200);
    const tools = (await (await get('/console/api/tools', { cookie: session })).json()) as { tools: { name: string }[] };
    expect(tools.tools.map((t) => t.name).sort()).toEqual(harness.toolset.names().sort());
  });

  /** A GET with any Host header (fetch cannot set one). */
  const getWithHost = (path: string, host: string, headers: Record<string, string>): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, harness.console.url);
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, headers: { ...headers, host } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('takes the token as a bearer header too, and still refuses a foreign Host (DNS rebinding)', async () => {
    expect((await get('/console/api/calls', { authorization: `Bearer ${token}` })).status).toBe(200);
    const rebound = await getWithHost('/console/api/calls', 'evil.example', { authorization: `Bearer ${token}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain("Host 'evil.example'");
  });

  it('answers only under /console', async () => {
    const other = await get('/mcp', { authorization: `Bearer ${token}` });
    expect(other.status).toBe(404);
  });
});
