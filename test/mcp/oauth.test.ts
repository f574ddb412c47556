import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, ConversationState, loadAgentSpec } from '@toolwright/sdk';
import type { McpServerConfig } from '@toolwright/sdk';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/mcp/oauth-server.mjs');

let child: ChildProcessWithoutNullStreams;
let mcpUrl: string;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tw-oauth-'));
  child = spawn(process.execPath, [SERVER]);
  mcpUrl = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolveUrl(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`oauth server exited (${code})`)));
  });
});
afterAll(() => {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
});

const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function counts(): Promise<Record<string, number>> {
  return (await fetch(new URL('/test/counts', mcpUrl))).json() as Promise<Record<string, number>>;
}

/** The "browser": follows the authorization URL to the redirect the server answers with. */
const authorizeInBrowser = (opened: URL[]) => async (url: URL): Promise<string> => {
  opened.push(url);
  const response = await fetch(url, { redirect: 'manual' });
  return response.headers.get('location') ?? '';
};

async function agentFor(server: Partial<McpServerConfig>): Promise<Agent> {
  const agent = new Agent({ mcpServers: { secure: { url: mcpUrl, required: true, ...server } as McpServerConfig } });
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: dir }));
  return agent;
}

async function whoami(agent: Agent): Promise<string> {
  return (await agent.executeToolCall({ id: 'w', name: 'whoami', arguments: {} })).observation.text;
}

describe('OAuth for an HTTP MCP server (local authorization server + protected MCP server, SDK auth helpers)', () => {
  it('registers, authorizes with PKCE and the resource, stores tokens 0600, reuses them, and refreshes an expired one', async () => {
    const tokenFile = join(dir, 'tokens.json');
    const opened: URL[] = [];
    const agent = await agentFor({ auth: { tokenFile, scope: 'mcp', authorize: authorizeInBrowser(opened) } });
    expect(await whoami(agent)).toBe(`client registered for ${mcpUrl}`);
    expect(opened).toHaveLength(1);
    const asked = opened[0]!.searchParams;
    expect([asked.get('response_type'), asked.get('code_challenge_method'), asked.get('resource'), asked.get('scope'), asked.get('redirect_uri')]).toEqual(['code', 'S256', mcpUrl, 'mcp', 'http://127.0.0.1:8976/callback']);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(readFileSync(tokenFile, 'utf8')) as { client: { client_id: string }; tokens: { access_token: string; refresh_token: string } };
    expect(typeof stored.client.client_id).toBe('string');
    expect(typeof stored.tokens.refresh_token).toBe('string');
    expect(await counts()).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1, refreshes: 0 });

    // A second run with the same token file neither registers nor asks the user again.
    const again = await agentFor({ auth: { tokenFile, authorize: () => Promise.reject(new Error('must not ask')) } });
    expect(await whoami(again)).toBe(`client registered for ${mcpUrl}`);
    expect(await counts()).toMatchObject({ registrations: 1, authorizations: 1, codeExchanges: 1, refreshes: 0 });

    // Every access token expires: the next call is refused (401) and the client refreshes.
    await fetch(new URL('/test/expire', mcpUrl), { method: 'POST' });
    expect(await whoami(again)).toBe(`client registered for ${mcpUrl}`);
    expect(await counts()).toMatchObject({ registrations: 1, authorizations: 1, refreshes: 1 });
    const refreshed = JSON.parse(readFileSync(tokenFile, 'utf8')) as { tokens: { access_token: string } };
    expect(refreshed.tokens.access_token).not.toBe(stored.tokens.access_token);
  });

  it('a registration made for another redirect URI is not reused: the client registers again', async () => {
    const tokenFile = join(dir, 'moved.json');
    await agentFor({ auth: { tokenFile, authorize: authorizeInBrowser([]) } });
    const stored = JSON.parse(readFileSync(tokenFile, 'utf8')) as { client: object };
    writeFileSync(tokenFile, JSON.stringify({ client: stored.client }));
    const before = await counts();
    const opened: URL[] = [];
    const moved = await agentFor({ auth: { tokenFile, redirectUrl: 'http://127.0.0.1:8977/done', authorize: authorizeInBrowser(opened) } });
    expect(await whoami(moved)).toBe(`client registered for ${mcpUrl}`);
    expect(opened[0]!.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8977/done');
    expect((await counts()).registrations! - before.registrations!).toBe(1);
  });

  it('without a way to ask the user, initialize fails saying where to authorize', async () => {
    await expect(agentFor({ auth: { tokenFile: join(dir, 'none.json') } })).rejects.toThrow(
      `MCP server 'secure' needs a user to authorize this client at ${new URL('/authorize', mcpUrl).href}; give the server's auth an authorize handler (code), or a token file that holds a valid token.`,
    );
  });

  it('a redirect with a state the client did not send is refused', async () => {
    await expect(
      agentFor({ auth: { authorize: async (url) => { const location = await authorizeInBrowser([])(url); return location.replace(/state=[^&]+/, 'state=forged'); } } }),
    ).rejects.toThrow("OAuth for MCP server 'secure' failed: the redirect carries a state this client did not send (possible CSRF); start again.");
  });

  it('checks the auth settings of a spec', async () => {
    await expect(agentFor({ auth: { clientSecret: 's' } })).rejects.toThrow("Invalid MCP server 'secure' (mcpServers.secure.auth.clientSecret): a client secret needs its clientId.");
    await expect(agentFor({ auth: { tokenFile: 42 } } as never)).rejects.toThrow("Invalid MCP server 'secure' (mcpServers.secure.auth.tokenFile): expected a non-empty string, got number.");
  });
});

describe('pre-registered clients and the client credentials grant (machine to machine)', () => {
  const issuer = (): string => new URL('/', mcpUrl).href;
  const m2m = (extra: Record<string, unknown> = {}): Partial<McpServerConfig> =>
    ({ auth: { grant: 'client_credentials', clientId: 'm2m-client', clientSecret: 'm2m-secret', issuer: issuer(), scope: 'mcp', ...extra } }) as Partial<McpServerConfig>;

  it('client credentials: a token for the resource and scope without a user, fetched again when it expires', async () => {
    const before = await counts();
    const agent = await agentFor(m2m());
    expect(await whoami(agent)).toBe(`client m2m-client for ${mcpUrl}`);
    expect(await (await fetch(new URL('/test/last-grant', mcpUrl))).json()).toEqual({ clientId: 'm2m-client', resource: mcpUrl, scope: 'mcp', auth: 'post' });
    const after = await counts();
    expect([after.clientCredentials! - before.clientCredentials!, after.registrations! - before.registrations!, after.authorizations! - before.authorizations!]).toEqual([1, 0, 0]);

    // The token expires: the call is refused (401), and a new one is fetched with the secret (there is no refresh token).
    await fetch(new URL('/test/expire', mcpUrl), { method: 'POST' });
    expect(await whoami(agent)).toBe(`client m2m-client for ${mcpUrl}`);
    const expired = await counts();
    expect([expired.clientCredentials! - before.clientCredentials!, expired.refreshes! - before.refreshes!]).toEqual([2, 0]);
  });

  it('a wrong secret fails initialize naming the server and the settings to fix', async () => {
    const before = (await counts()).refusedClients!;
    await expect(agentFor(m2m({ clientSecret: 'wrong' }))).rejects.toThrow(
      "OAuth for MCP server 'secure' failed: the authorization server refused the client (invalid_client: Invalid client_secret); check clientId and clientSecret (or the private key) in mcpServers.secure.auth (in a spec file, the environment variables they name).",
    );
    expect((await counts()).refusedClients! - before).toBeGreaterThan(0);
  });

  it('the secret goes to no authorization server but the configured issuer', async () => {
    const before = await counts();
    await expect(agentFor(m2m({ issuer: 'https://auth.example.com/' }))).rejects.toThrow(
      `OAuth for MCP server 'secure' failed: the MCP server names the authorization server ${issuer()}, but mcpServers.secure.auth.issuer is https://auth.example.com/: the client secret is sent to no other; correct the issuer if the authorization server moved.`,
    );
    const after = await counts();
    expect([after.clientCredentials, after.refusedClients]).toEqual([before.clientCredentials, before.refusedClients]);
  });

  it('a pre-registered client signs in with its own id and secret: no registration, the secret never written to the token file', async () => {
    const tokenFile = join(dir, 'web-app.json');
    const before = await counts();
    const agent = await agentFor({ auth: { clientId: 'web-app', clientSecret: 'web-secret', tokenFile, authorize: authorizeInBrowser([]) } });
    expect(await whoami(agent)).toBe(`client web-app for ${mcpUrl}`);
    const stored = readFileSync(tokenFile, 'utf8');
    expect(Object.keys(JSON.parse(stored) as object)).toEqual(['tokens']);
    expect(stored).not.toContain('web-secret');
    await fetch(new URL('/test/expire', mcpUrl), { method: 'POST' });
    expect(await whoami(agent)).toBe(`client web-app for ${mcpUrl}`);
    const after = await counts();
    expect([after.registrations! - before.registrations!, after.codeExchanges! - before.codeExchanges!, after.refreshes! - before.refreshes!]).toEqual([0, 1, 1]);
  });

  it('from a spec file, with the id and secret from the environment', async () => {
    const file = join(dir, 'agent.json');
    const auth = { grant: 'client_credentials', clientId: '${M2M_ID}', clientSecret: '${M2M_SECRET}', issuer: '${AUTH_ISSUER}', scope: 'mcp' };
    writeFileSync(file, JSON.stringify({ tools: [], mcpServers: { secure: { url: mcpUrl, required: true, auth } } }));
    const spec = await loadAgentSpec(file, { env: { M2M_ID: 'm2m-client', M2M_SECRET: 'm2m-secret', AUTH_ISSUER: issuer() } });
    const agent = new Agent({ mcpServers: spec.mcpServers });
    agents.push(agent);
    await agent.initialize(new ConversationState({ workingDir: dir }));
    expect(await whoami(agent)).toBe(`client m2m-client for ${mcpUrl}`);
    await expect(loadAgentSpec(file, { env: { M2M_ID: 'm2m-client' } })).rejects.toThrow('mcpServers.secure.auth.clientSecret');
  });

  it('checks the client credentials settings with the path of the field', async () => {
    const problems: [Record<string, unknown>, string][] = [
      [{ grant: 'password' }, "(mcpServers.secure.auth.grant): expected 'authorization_code' (a user signs in; the default) or 'client_credentials' (machine to machine), got \"password\"."],
      [{ grant: 'client_credentials', clientSecret: 's', issuer: 'https://a.example' }, "(mcpServers.secure.auth.clientId): grant 'client_credentials' needs the clientId the authorization server issued (in a spec file, e.g. \"${MCP_CLIENT_ID}\")."],
      [{ grant: 'client_credentials', clientId: 'c', issuer: 'https://a.example' }, "(mcpServers.secure.auth.clientSecret): grant 'client_credentials' needs the client's secret (in a spec file, as \"${MCP_CLIENT_SECRET}\" so it stays out of the file), or its private key for private_key_jwt (privateKeyFile or privateKeyJwk)."],
      [{ grant: 'client_credentials', clientId: 'c', clientSecret: 's' }, "(mcpServers.secure.auth.issuer): grant 'client_credentials' needs the issuer URL of the authorization server the client is registered with (e.g. https://auth.example.com), so the secret is sent to no other."],
      [{ grant: 'client_credentials', clientId: 'c', clientSecret: 's', issuer: 'https://a.example', tokenFile: 't.json' }, "(mcpServers.secure.auth.tokenFile): grant 'client_credentials' takes no tokenFile: no user signs in, and a token is fetched with the client secret at every start."],
      [{ grant: 'client_credentials', clientId: 'c', clientSecret: 's', issuer: 'auth.example.com' }, '(mcpServers.secure.auth.issuer): expected an absolute http(s) URL, got "auth.example.com".'],
      [{ clientId: 'c', issuer: 'https://a.example' }, "(mcpServers.secure.auth.issuer): only grant 'client_credentials' takes issuer; a user's sign-in finds the authorization server through the MCP server."],
    ];
    for (const [auth, message] of problems) await expect(agentFor({ auth } as Partial<McpServerConfig>)).rejects.toThrow(`Invalid MCP server 'secure' ${message}`);
  });
});

describe('stateless HTTP servers (a new session per call)', () => {
  it('with stateless: true, every call initializes a session of its own; without, one session serves all', async () => {
    const open = new URL('/open/mcp', mcpUrl).href;
    const before = (await counts()).initializes ?? 0;
    const perCall = new Agent({ mcpServers: { open: { url: open, stateless: true, required: true } } });
    agents.push(perCall);
    await perCall.initialize(new ConversationState({ workingDir: dir }));
    const answers = await Promise.all([1, 2, 3].map((i) => perCall.executeToolCall({ id: `p${i}`, name: 'ping', arguments: {} })));
    expect(answers.map((a) => a.observation.text)).toEqual(['pong', 'pong', 'pong']);
    expect(((await counts()).initializes ?? 0) - before).toBe(4);

    const shared = new Agent({ mcpServers: { open: { url: open, required: true } } });
    agents.push(shared);
    await shared.initialize(new ConversationState({ workingDir: dir }));
    for (const i of [1, 2, 3]) expect((await shared.executeToolCall({ id: `s${i}`, name: 'ping', arguments: {} })).observation.text).toBe('pong');
    expect(((await counts()).initializes ?? 0) - before).toBe(5);
  });

  it('stateless is for HTTP servers only', async () => {
    const agent = new Agent({ mcpServers: { local: { command: 'node', stateless: true } as never } });
    await expect(agent.initialize(new ConversationState({ workingDir: dir }))).rejects.toThrow(
      "Invalid MCP server 'local' (mcpServers.local.stateless): only HTTP servers (with a url) take stateless; a command server takes args, env and cwd.",
    );
  });
});
