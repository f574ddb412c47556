import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { finished, ROOT, runCli, startCli, waitForStderr } from './cli-harness.js';

const OAUTH_SERVER = resolve(ROOT, 'test/fixtures/mcp/oauth-server.mjs');

let server: ChildProcessWithoutNullStreams;
let mcpUrl: string;
let dir: string;
let redirectUrl: string;

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePort(port));
    });
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tw-auth-cli-'));
  server = spawn(process.execPath, [OAUTH_SERVER]);
  mcpUrl = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    server.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolveUrl(out.trim());
    });
    server.once('exit', (code) => reject(new Error(`oauth server exited (${code})`)));
  });
  redirectUrl = `http://127.0.0.1:${await freePort()}/callback`;
  const secure = { url: mcpUrl, auth: { tokenFile: 'secure-tokens.json', scope: 'mcp', redirectUrl } };
  const m2m = { url: mcpUrl, auth: { grant: 'client_credentials', clientId: 'm2m-client', clientSecret: '${M2M_SECRET}', issuer: new URL('/', mcpUrl).href } };
  const once = { url: mcpUrl, auth: { redirectUrl } };
  writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: [], mcpServers: { secure, m2m, once } }));
  writeFileSync(join(dir, 'secure.json'), JSON.stringify({ tools: [], mcpServers: { secure } }));
  writeFileSync(join(dir, 'required.json'), JSON.stringify({ tools: [], mcpServers: { req: { ...secure, required: true, auth: { ...secure.auth, tokenFile: 'req.json' } } } }));
  writeFileSync(join(dir, 'm2m.json'), JSON.stringify({ tools: [], mcpServers: { m2m } }));
});
afterAll(() => {
  server.kill();
  rmSync(dir, { recursive: true, force: true });
});

const env = { M2M_SECRET: 'm2m-secret' };
const cli = (...args: string[]) => runCli(args, { cwd: dir, env, timeoutMs: 30_000 });

describe('toolwright auth (a real CLI process against a local authorization server)', () => {
  it('login prints the address, receives the browser on the loopback redirect, and saves tokens 0600 that call then uses', async () => {
    const tokenFile = join(dir, 'secure-tokens.json');
    expect((await cli('auth', 'status', '--spec', 'agent.json')).stdout).toBe(
      [
        'secure  not signed in (toolwright auth login secure --spec agent.json)',
        'm2m     client credentials: no sign-in (a token is fetched with the client secret at every start)',
        'once    authorization code, no auth.tokenFile: a sign-in lasts one run',
        '',
      ].join('\n'),
    );

    const child = startCli(['auth', 'login', 'secure', '--spec', 'agent.json'], { cwd: dir, env });
    const done = finished(child, 30_000);
    const [, address] = await waitForStderr(child, /^ {2}(http\S+)$/m);
    const asked = new URL(address!);
    expect([asked.searchParams.get('redirect_uri'), asked.searchParams.get('resource'), asked.searchParams.get('code_challenge_method')]).toEqual([redirectUrl, mcpUrl, 'S256']);
    // The test plays the browser: the authorization server redirects it to the CLI's listener.
    const location = (await fetch(address!, { redirect: 'manual' })).headers.get('location')!;
    expect(location.startsWith(`${redirectUrl}?code=`)).toBe(true);
    const page = await fetch(location);
    expect([page.status, await page.text()]).toEqual([200, '<!doctype html><meta charset="utf-8"><title>toolwright</title><p>The sign-in reached toolwright. You can close this window and return to the terminal.</p>\n']);
    const run = await done;
    expect([run.code, run.stdout]).toEqual([0, `Signed in to MCP server 'secure'; tokens saved to ${tokenFile} (mode 0600).\n`]);
    expect(run.stderr).toContain(`Waiting for the browser to come back to ${redirectUrl} (Ctrl-C to stop)…`);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);

    // call, with the same spec's server, connects with the saved token: no second sign-in.
    const called = await cli('call', 'whoami', '{}', '--spec', 'secure.json');
    expect([called.code, called.stdout]).toEqual([0, `client registered for ${mcpUrl}\n`]);

    const status = JSON.parse((await cli('auth', 'status', 'secure', '--spec', 'agent.json', '--json')).stdout) as { expiresAt: string }[];
    expect(status).toEqual([{ server: 'secure', url: mcpUrl, grant: 'authorization_code', state: 'signed-in', tokenFile, refreshToken: true, expiresAt: status[0]!.expiresAt }]);
    expect(Date.parse(status[0]!.expiresAt) - Date.now()).toBeGreaterThan(3_500_000);

    const out = await cli('auth', 'logout', 'secure', '--spec', 'agent.json');
    expect([out.code, out.stdout]).toEqual([0, `Signed out of MCP server 'secure': tokens removed from ${tokenFile}.\n`]);
    expect(Object.keys(JSON.parse(readFileSync(tokenFile, 'utf8')) as object)).toEqual(['client']);
    expect((await cli('auth', 'logout', 'secure', '--spec', 'agent.json')).stdout).toBe(`Not signed in to MCP server 'secure' (no tokens in ${tokenFile}).\n`);
    const refused = await cli('call', 'whoami', '{}', '--spec', 'secure.json');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `toolwright: warning: MCP server 'secure' skipped (its tools are missing): Could not connect to MCP server 'secure' (${mcpUrl}): MCP server 'secure' needs a user to authorize this client at ${new URL('/authorize', mcpUrl).href}; give the server's auth an authorize handler (code), or a token file that holds a valid token. Sign in with: toolwright auth login secure --spec secure.json\n` +
        "toolwright: Unknown tool 'whoami'.\nAvailable: (none). See 'toolwright list'.\n",
    );
  });

  it('a client-credentials server from the spec works with the secret from the environment, and has nothing to sign in to', async () => {
    const called = await cli('call', 'whoami', '{}', '--spec', 'm2m.json');
    expect([called.code, called.stdout]).toEqual([0, `client m2m-client for ${mcpUrl}\n`]);
    const login = await cli('auth', 'login', 'm2m', '--spec', 'agent.json');
    expect([login.code, login.stderr]).toEqual([2, "toolwright auth: MCP server 'm2m' uses grant 'client_credentials': nobody signs in (a token is fetched with the client secret at every start).\n"]);
  });

  it('says what is wrong: an unknown server, a server without a token file, no browser in time', async () => {
    const unknown = await cli('auth', 'login', 'nope', '--spec', 'agent.json');
    expect([unknown.code, unknown.stderr]).toEqual([2, "toolwright auth: No HTTP MCP server 'nope' with auth settings in spec agent.json.\nServers with auth: secure, m2m, once.\n"]);
    const once = await cli('auth', 'login', 'once', '--spec', 'agent.json');
    expect([once.code, once.stderr]).toEqual([
      2,
      "toolwright auth: MCP server 'once' keeps no tokens: auth.tokenFile is not set, so a sign-in would end with this command.\nAdd mcpServers.once.auth.tokenFile (e.g. \".toolwright/once-tokens.json\"); it is written with mode 0600.\n",
    ]);
    const late = await cli('auth', 'login', 'secure', '--spec', 'agent.json', '--timeout', '0.5');
    expect(late.code).toBe(2);
    expect(late.stderr.endsWith(`toolwright auth: No sign-in within 0.5 s: the browser did not come back to ${redirectUrl}.\nRun the command again and finish the sign-in in the browser (--timeout S to wait longer).\n`)).toBe(true);
    const required = await cli('call', 'whoami', '{}', '--spec', 'required.json');
    expect([required.code, required.stderr]).toEqual([
      2,
      `toolwright: cannot build spec required.json: Could not connect to MCP server 'req' (${mcpUrl}): MCP server 'req' needs a user to authorize this client at ${new URL('/authorize', mcpUrl).href}; give the server's auth an authorize handler (code), or a token file that holds a valid token.\nSign in with: toolwright auth login req --spec required.json\n`,
    ]);
    const noSpec = await cli('auth', 'status');
    expect([noSpec.code, noSpec.stderr]).toEqual([2, 'toolwright auth: auth needs --spec FILE: the MCP servers and their auth settings are in the agent spec.\n']);
  });
});
