import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, ConversationState, loadAgentSpec } from '@toolwright/sdk';
import type { McpServerConfig } from '@toolwright/sdk';
import { authorizeMcpServer, FileOAuthClientProvider, mcpClientFromPlan, planMcpServers } from '@toolwright/sdk/mcp';
import type { MCPClient } from '@toolwright/sdk/mcp';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/mcp/oauth-server.mjs');

let child: ChildProcessWithoutNullStreams;
let base: URL;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tw-auth-'));
  child = spawn(process.execPath, [SERVER]);
  base = new URL(
    await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolveUrl(out.trim());
      });
      child.once('exit', (code) => reject(new Error(`oauth server exited (${code})`)));
    }),
  );
});
afterAll(() => {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
});

const agents: Agent[] = [];
const clients: MCPClient[] = [];
afterEach(async () => {
  await Promise.all([...agents.splice(0).map((a) => a.close()), ...clients.splice(0).map((c) => c.close())]);
});

const at = (path: string): string => new URL(path, base).href;
/** The authorization server's issuer (the fixture's root). */
const issuer = (): string => at('/');
const get = async <T>(path: string): Promise<T> => (await fetch(at(path))).json() as Promise<T>;
interface Authorization {
  clientId: string;
  scope: string | null;
  resource: string | null;
}
const authorizations = (): Promise<Authorization[]> => get<Authorization[]>('/test/authorizations');
const counts = (): Promise<Record<string, number>> => get<Record<string, number>>('/test/counts');

/** The "browser": the authorization server approves at once; its redirect carries the code. */
const browser = (opened: URL[] = []) => async (url: URL): Promise<string> => {
  opened.push(url);
  return (await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '';
};

async function agentFor(path: string, server: Partial<McpServerConfig>): Promise<Agent> {
  const agent = new Agent({ mcpServers: { secure: { url: at(path), required: true, ...server } as McpServerConfig } });
  agents.push(agent);
  await agent.initialize(new ConversationState({ workingDir: dir }));
  return agent;
}

async function call(agent: Agent, name: string): Promise<string> {
  return (await agent.executeToolCall({ id: name, name, arguments: {} })).observation.text;
}

describe('authorization driven by the MCP server’s challenge', () => {
  it('starts unauthenticated, finds the metadata the 401 names (published nowhere else) and asks for the challenge’s scope', async () => {
    const hits = (await get<{ metaHits: number }>('/test/meta-hits')).metaHits;
    const before = (await authorizations()).length;
    const opened: URL[] = [];
    const agent = await agentFor('/scoped/mcp', { auth: { authorize: browser(opened) } });
    expect(await call(agent, 'whoami')).toBe('client registered with mcp:read');
    expect(opened).toHaveLength(1);
    expect([opened[0]!.searchParams.get('scope'), opened[0]!.searchParams.get('resource')]).toEqual(['mcp:read', at('/scoped/mcp')]);
    expect((await authorizations()).slice(before)).toEqual([expect.objectContaining({ scope: 'mcp:read', resource: at('/scoped/mcp') })]);
    expect((await get<{ metaHits: number }>('/test/meta-hits')).metaHits).toBeGreaterThan(hits);
  });

  it('steps up on a 403 insufficient_scope: authorizes again with the union of the scopes, exchanges the code, and retries the call once', async () => {
    const agent = await agentFor('/scoped/mcp', { auth: { authorize: browser() } });
    const before = await counts();
    const logged = (await authorizations()).length;
    expect(await call(agent, 'admin')).toBe('admin done');
    expect((await authorizations()).slice(logged).map((a) => a.scope)).toEqual(['mcp:read mcp:admin']);
    const after = await counts();
    expect([after.authorizations! - before.authorizations!, after.codeExchanges! - before.codeExchanges!]).toEqual([1, 1]);
    // The wider token serves the other tools too, with no further sign-in.
    expect(await call(agent, 'whoami')).toBe('client registered with mcp:read mcp:admin');
    expect((await counts()).authorizations).toBe(after.authorizations);
  });

  it('a configured scope is asked for beside the challenge’s', async () => {
    const opened: URL[] = [];
    await agentFor('/scoped/mcp', { auth: { scope: 'mcp:admin', authorize: browser(opened) } });
    expect(opened.map((u) => u.searchParams.get('scope'))).toEqual(['mcp:read mcp:admin']);
  });

  it('counts authorizations across reconnects and gives up after the limit (default 3) with a clear error', async () => {
    const [plan] = planMcpServers({ never: { url: at('/never/mcp'), auth: { authorize: browser() } } });
    const client = mcpClientFromPlan(plan!);
    clients.push(client);
    const before = (await counts()).authorizations!;
    const errors: string[] = [];
    for (let i = 0; i < 4; i += 1) errors.push(await client.connect().then(() => 'connected', (error: Error) => error.message));
    expect((await counts()).authorizations! - before).toBe(3);
    for (const error of errors.slice(0, 3)) expect(error).toContain("MCP server 'never' refused the request again after authorization (403 insufficient_scope for scope 'mcp:admin')");
    expect(errors[3]).toContain(
      "OAuth for MCP server 'never' gave up: 3 authorizations in a row did not get a request through (the server still answers 403 insufficient_scope for scope 'mcp:admin'); check the scopes and grants the server needs (mcpServers.never.auth), or raise auth.maxAuthorizationAttempts.",
    );
  });

  it('maxAuthorizationAttempts sets the limit', async () => {
    const [plan] = planMcpServers({ never: { url: at('/never/mcp'), auth: { authorize: browser(), maxAuthorizationAttempts: 1 } } });
    const client = mcpClientFromPlan(plan!);
    clients.push(client);
    const before = (await counts()).authorizations!;
    await expect(client.connect()).rejects.toThrow('refused the request again after authorization');
    await expect(client.connect()).rejects.toThrow("OAuth for MCP server 'never' gave up: 1 authorizations in a row");
    expect((await counts()).authorizations! - before).toBe(1);
    expect(() => planMcpServers({ never: { url: at('/never/mcp'), auth: { maxAuthorizationAttempts: 0 } } })).toThrow(
      "Invalid MCP server 'never' (mcpServers.never.auth.maxAuthorizationAttempts): expected a whole number from 1 to 20 (authorizations in a row before giving up; default 3), got 0.",
    );
  });

  it('toolwright auth login takes the same path: the probe’s challenge, its metadata and scope', async () => {
    const provider = new FileOAuthClientProvider('secure', { authorize: browser() });
    const logged = (await authorizations()).length;
    await authorizeMcpServer('secure', provider, new URL(at('/scoped/mcp')));
    expect(provider.tokens()?.scope).toBe('mcp:read');
    expect((await authorizations()).slice(logged)).toEqual([expect.objectContaining({ scope: 'mcp:read', resource: at('/scoped/mcp') })]);
  });
});

describe('the registration method, in the spec’s order', () => {
  const DOCUMENT = 'https://client.example.com/toolwright.json';

  it('a client ID metadata document: its URL is the client_id where the authorization server supports them; no registration', async () => {
    const before = await counts();
    const opened: URL[] = [];
    const agent = await agentFor('/mcp', { auth: { clientMetadataUrl: DOCUMENT, authorize: browser(opened) } });
    expect(await call(agent, 'whoami')).toBe(`client ${DOCUMENT} for ${at('/mcp')}`);
    expect(opened[0]!.searchParams.get('client_id')).toBe(DOCUMENT);
    expect((await counts()).registrations).toBe(before.registrations);
  });

  it('falls back to dynamic registration where the authorization server takes no metadata documents', async () => {
    await fetch(at('/test/cimd?on=0'), { method: 'POST' });
    try {
      const before = await counts();
      const opened: URL[] = [];
      const agent = await agentFor('/mcp', { auth: { clientMetadataUrl: DOCUMENT, authorize: browser(opened) } });
      expect(await call(agent, 'whoami')).toBe(`client registered for ${at('/mcp')}`);
      expect(opened[0]!.searchParams.get('client_id')).not.toBe(DOCUMENT);
      expect((await counts()).registrations! - before.registrations!).toBe(1);
    } finally {
      await fetch(at('/test/cimd?on=1'), { method: 'POST' });
    }
  });

  it('checks clientMetadataUrl', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ clientMetadataUrl: 'http://client.example.com/c.json' }, '(mcpServers.secure.auth.clientMetadataUrl): expected the https URL of this client\'s metadata document, with a path (e.g. https://app.example.com/oauth/client.json), got "http://client.example.com/c.json".'],
      [{ clientMetadataUrl: 'https://client.example.com/' }, '(mcpServers.secure.auth.clientMetadataUrl): expected the https URL'],
      [{ clientMetadataUrl: DOCUMENT, clientId: 'web-app' }, '(mcpServers.secure.auth.clientMetadataUrl): give clientId (a pre-registered client) or clientMetadataUrl (a client ID metadata document), not both.'],
      [{ grant: 'client_credentials', clientMetadataUrl: DOCUMENT, clientId: 'c', clientSecret: 's', issuer: 'https://a.example' }, "(mcpServers.secure.auth.clientMetadataUrl): grant 'client_credentials' takes no clientMetadataUrl: its client is pre-registered (clientId)."],
    ];
    for (const [auth, message] of cases) await expect(agentFor('/mcp', { auth } as Partial<McpServerConfig>)).rejects.toThrow(`Invalid MCP server 'secure' ${message}`);
  });
});

describe('client credentials with private_key_jwt (RFC 7523)', () => {
  let keys: { ecPem: string; rsaJwk: Record<string, unknown> };
  beforeAll(async () => {
    keys = await get('/test/jwt-keys');
  });
  const machine = (clientId: string, extra: Record<string, unknown>): Partial<McpServerConfig> =>
    ({ auth: { grant: 'client_credentials', clientId, issuer: issuer(), scope: 'mcp', ...extra } }) as Partial<McpServerConfig>;
  interface Grant {
    clientId: string;
    auth: string;
    scope: string;
    resource: string;
    claims: { iss: string; sub: string; aud: string; iat: number; exp: number; jti: string };
  }

  it('signs an ES256 assertion with the key from a PEM file: iss = sub = client id, aud the issuer, five minutes, a fresh jti', async () => {
    const file = join(dir, 'ec-key.pem');
    writeFileSync(file, keys.ecPem, { mode: 0o600 });
    const agent = await agentFor('/mcp', machine('jwt-client', { privateKeyFile: file }));
    expect(await call(agent, 'whoami')).toBe(`client jwt-client for ${at('/mcp')}`);
    const grant = await get<Grant>('/test/last-grant');
    expect(grant).toMatchObject({ clientId: 'jwt-client', auth: 'private_key_jwt', scope: 'mcp', resource: at('/mcp') });
    expect([grant.claims.iss, grant.claims.sub, grant.claims.aud, grant.claims.exp - grant.claims.iat]).toEqual(['jwt-client', 'jwt-client', issuer(), 300]);
    // An expired token: a new one with a new assertion (the server refuses a jti seen before).
    await fetch(at('/test/expire'), { method: 'POST' });
    expect(await call(agent, 'whoami')).toBe(`client jwt-client for ${at('/mcp')}`);
    expect((await get<Grant>('/test/last-grant')).claims.jti).not.toBe(grant.claims.jti);
  });

  it('signs RS256 with a JWK given as an object, and from a spec file with the JWK from the environment and a key file relative to the spec', async () => {
    const agent = await agentFor('/mcp', machine('jwt-rsa-client', { privateKeyJwk: keys.rsaJwk }));
    expect(await call(agent, 'whoami')).toBe(`client jwt-rsa-client for ${at('/mcp')}`);

    const specDir = mkdtempSync(join(dir, 'spec-'));
    writeFileSync(join(specDir, 'client.pem'), keys.ecPem);
    const auth = (extra: Record<string, string>): Record<string, string> => ({ grant: 'client_credentials', issuer: '${ISSUER}', ...extra });
    writeFileSync(
      join(specDir, 'agent.json'),
      JSON.stringify({ tools: [], mcpServers: { rsa: { url: at('/mcp'), required: true, auth: auth({ clientId: 'jwt-rsa-client', privateKeyJwk: '${CLIENT_JWK}' }) }, ec: { url: at('/mcp'), required: true, prefix: 'ec', auth: auth({ clientId: 'jwt-client', privateKeyFile: 'client.pem', privateKeyAlgorithm: 'ES256' }) } } }),
    );
    const spec = await loadAgentSpec(join(specDir, 'agent.json'), { env: { CLIENT_JWK: JSON.stringify(keys.rsaJwk), ISSUER: issuer() } });
    const fromSpec = new Agent({ mcpServers: spec.mcpServers, mcpNamePolicy: 'prefix-on-conflict' });
    agents.push(fromSpec);
    await fromSpec.initialize(new ConversationState({ workingDir: specDir }));
    expect((await Promise.all([...fromSpec.toolsMap.keys()].sort().map((name) => call(fromSpec, name)))).sort()).toEqual([`client jwt-client for ${at('/mcp')}`, `client jwt-rsa-client for ${at('/mcp')}`]);
  });

  it('a key the authorization server does not know is refused, naming the settings to fix', async () => {
    const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    await expect(agentFor('/mcp', machine('jwt-client', { privateKeyJwk: stranger }))).rejects.toThrow(
      "OAuth for MCP server 'secure' failed: the authorization server refused the client (invalid_client: Invalid client assertion: bad signature); check clientId and clientSecret (or the private key) in mcpServers.secure.auth",
    );
  });

  it('checks the key settings at load, with the path of the field', async () => {
    const ed = join(dir, 'ed.pem');
    writeFileSync(ed, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const small = join(dir, 'small-ec.pem');
    writeFileSync(small, generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const cases: [Record<string, unknown>, string][] = [
      [{ privateKeyFile: join(dir, 'missing.pem') }, `(mcpServers.secure.auth.privateKeyFile): cannot read ${join(dir, 'missing.pem')}: ENOENT`],
      [{ privateKeyFile: ed }, `(mcpServers.secure.auth.privateKeyFile): ${ed} is a ed25519 key; expected an EC P-256 key (ES256) or an RSA key of 2048 bits or more (RS256).`],
      [{ privateKeyFile: small }, `(mcpServers.secure.auth.privateKeyFile): ${small} is a ec key on secp256k1; expected an EC P-256 key (ES256)`],
      [{ privateKeyJwk: keys.rsaJwk, privateKeyAlgorithm: 'ES256' }, '(mcpServers.secure.auth.privateKeyJwk): is a key for RS256, but ES256 was asked for.'],
      [{ privateKeyJwk: '{"kty":' }, '(mcpServers.secure.auth.privateKeyJwk): is not JSON; expected a private JWK object (with "kty" and "d"), or its JSON text.'],
      [{ privateKeyJwk: { kty: 'EC', crv: 'P-256', x: 'a', y: 'b' } }, '(mcpServers.secure.auth.privateKeyJwk): expected a private JWK (an object with "kty" and the private part "d").'],
      [{ privateKeyFile: ed, clientSecret: 's' }, '(mcpServers.secure.auth.privateKeyFile): give one credential, not clientSecret and privateKeyFile.'],
      [{ privateKeyAlgorithm: 'HS256', privateKeyFile: ed }, "(mcpServers.secure.auth.privateKeyAlgorithm): expected 'ES256' (EC P-256 key) or 'RS256' (RSA key), got \"HS256\"."],
    ];
    for (const [extra, message] of cases) await expect(agentFor('/mcp', machine('jwt-client', extra))).rejects.toThrow(`Invalid MCP server 'secure' ${message}`);
    await expect(agentFor('/mcp', { auth: { privateKeyFile: ed, authorize: browser() } } as Partial<McpServerConfig>)).rejects.toThrow(
      "Invalid MCP server 'secure' (mcpServers.secure.auth.privateKeyFile): only grant 'client_credentials' signs in with a private key (private_key_jwt); a user's sign-in uses clientSecret, or none.",
    );
  });
});
