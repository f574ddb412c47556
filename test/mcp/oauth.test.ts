import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, ConversationState } from '@toolwright/sdk';
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
