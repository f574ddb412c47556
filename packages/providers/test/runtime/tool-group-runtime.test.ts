import { afterEach, describe, expect, it } from '@jest/globals';
import { createInMemoryMcpServer } from '@toolwright/sdk/testing';
import type { InMemoryMcpServer } from '@toolwright/sdk/testing';
import { ToolwrightError } from '@toolwright/sdk';
import { McpProvider, resolveAgentToolGroups, ToolGroupRuntime } from '@toolwright/providers';
import type { ProvidedToolDef, ToolDef, RegisteredToolGroup, ToolGroupProvider, ToolInvocationResult } from '@toolwright/providers';

const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** An MCP server with tools returning each content type, an isError tool and a search tool. */
function docsServer(): InMemoryMcpServer {
  return createInMemoryMcpServer({
    name: 'docs',
    tools: [
      {
        name: 'search',
        description: 'Search the docs',
        inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] },
        handler: (args) => `results for ${String(args.query)} (limit ${String(args.limit)})`,
      },
      {
        name: 'fetch_page',
        description: 'Fetch one page',
        inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        handler: () => ({
          content: [
            { type: 'text', text: 'page 1' },
            { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
            { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
            { type: 'resource_link', uri: 'docs://page/1', name: 'page-1' },
            { type: 'resource', resource: { uri: 'docs://page/1.md', mimeType: 'text/markdown', text: '# Page 1' } },
          ],
          structuredContent: { id: '1' },
        }),
      },
      {
        name: 'broken',
        description: 'Always fails',
        handler: () => ({ content: [{ type: 'text', text: 'database is locked' }], isError: true }),
      },
      { name: 'silent_failure', description: 'Fails without text', handler: () => ({ content: [], isError: true }) },
    ],
  });
}

/** A provider counting its listings; `fail` makes listing throw. */
class CountingProvider implements ToolGroupProvider {
  readonly id = 'counting';
  listings = 0;
  fail?: Error;
  listTools(group: RegisteredToolGroup): ProvidedToolDef[] {
    this.listings++;
    if (this.fail) throw this.fail;
    const name = group.toolgroupId.replace(/\W/g, '_');
    return [{ name: `${name}_echo`, description: 'Echo', inputSchema: { type: 'object', properties: { text: { type: 'string' }, mode: { type: 'string' } }, required: ['text', 'mode'], additionalProperties: false } }];
  }
  invoke(_tool: unknown, kwargs: Record<string, unknown>) {
    return { content: [{ type: 'text' as const, text: JSON.stringify(kwargs) }] };
  }
}

let runtime: ToolGroupRuntime;
let server: InMemoryMcpServer;
const warnings: string[] = [];

function setup(): ToolGroupRuntime {
  server = docsServer();
  warnings.length = 0;
  runtime = new ToolGroupRuntime({ providers: [new McpProvider({ transportFor: () => server.transport() })], onWarning: (w) => warnings.push(w) });
  return runtime;
}

afterEach(async () => {
  await runtime?.close();
});

describe('ToolGroupRuntime with an MCP group', () => {
  it('keeps every content type and the structured content of an MCP result (fact 49)', async () => {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    const result = await runtime.invokeTool('fetch_page', { id: '1' });
    expect(result.errorCode).toBeUndefined();
    expect(result.errorMessage).toBeUndefined();
    expect(result.content.map((c) => c.type)).toEqual(['text', 'image', 'audio', 'resource_link', 'resource']);
    expect(result.content[4]).toEqual({ type: 'resource', resource: { uri: 'docs://page/1.md', mimeType: 'text/markdown', text: '# Page 1' } });
    expect(result.structuredContent).toEqual({ id: '1' });
    expect(result.metadata).toEqual({ toolgroupId: 'mcp::docs' });
  });

  it('gives an isError result errorCode 1 and an errorMessage (fact 49, improved)', async () => {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    const failed = await runtime.invokeTool('broken', {});
    expect(failed).toEqual({ content: [{ type: 'text', text: 'database is locked' }], errorCode: 1, errorMessage: 'database is locked', metadata: { toolgroupId: 'mcp::docs' } });
    const silent = await runtime.invokeTool('silent_failure', {});
    expect(silent.errorCode).toBe(1);
    expect(silent.errorMessage).toBe("Tool 'silent_failure' reported an error without details.");
  });

  it("sets each MCP tool's metadata to its endpoint (fact 50)", async () => {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    const tool = await runtime.getTool('search');
    expect(tool).toEqual({
      name: 'search',
      toolgroupId: 'mcp::docs',
      description: 'Search the docs',
      inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] },
      metadata: { endpoint: 'http://127.0.0.1:9/mcp' },
    });
  });

  it('refuses an MCP group without an endpoint or with a non-http(s) one (fact 50)', () => {
    setup();
    expect(() => runtime.registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol' })).toThrow(
      "Tool group 'mcp::docs' (provider 'model-context-protocol'): needs an mcpEndpoint, the MCP server's URL (e.g. 'http://127.0.0.1:8000/mcp').",
    );
    expect(() => runtime.registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'ftp://example.org/mcp' })).toThrow(
      "Tool group 'mcp::docs' (provider 'model-context-protocol'): mcpEndpoint \"ftp://example.org/mcp\" uses ftp; expected http or https.",
    );
  });

  it('refuses Authorization in the endpoint headers and points to mcpEndpoint.authorization (fact 51)', () => {
    setup();
    expect(() =>
      runtime.registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: { uri: 'http://127.0.0.1:9/mcp', headers: { authorization: 'Bearer x' } } }),
    ).toThrow("mcpEndpoint.headers must not contain 'Authorization'; give the token as mcpEndpoint.authorization (sent as a Bearer token, never logged).");
  });

  it("resolves 'group/tool' to that group's one tool, and suggests a group for a typo (fact 52)", async () => {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    expect((await runtime.listTools({ toolgroupId: 'mcp::docs/search' })).map((t) => t.name)).toEqual(['search']);
    expect((await runtime.listTools({ toolgroupId: 'mcp::docs' })).map((t) => t.name)).toEqual(['search', 'fetch_page', 'broken', 'silent_failure']);
    await expect(runtime.listTools({ toolgroupId: 'mcp::dcos' })).rejects.toThrow("Tool group 'mcp::dcos' not found. Did you mean 'mcp::docs'? Available tool groups: mcp::docs.");
    await expect(runtime.listTools({ toolgroupId: 'mcp::docs/serch' })).rejects.toThrow(
      "Tool 'serch' not found in tool group 'mcp::docs'. Did you mean 'search'? Its tools: search, fetch_page, broken, silent_failure.",
    );
  });

  it("lists an MCP group again after the server's tools/list_changed", async () => {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    expect((await runtime.listTools()).map((t) => t.name)).toEqual(['search', 'fetch_page', 'broken', 'silent_failure']);
    await server.setTools([{ name: 'lookup', description: 'Look up', handler: () => 'found' }]);
    for (let i = 0; i < 50 && runtime.getToolGroup('mcp::docs').status.state === 'ready'; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await runtime.listTools()).map((t) => t.name)).toEqual(['lookup']);
    expect((await runtime.invokeTool('lookup', {})).content).toEqual([{ type: 'text', text: 'found' }]);
    expect((await runtime.invokeTool('search', { query: 'q' })).errorCode).toBe(3);
  });

  it('does not contact an MCP server at registration, and lists each group once (fact 53)', async () => {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    expect(server.sessionCount).toBe(0);
    expect(runtime.getToolGroup('mcp::docs').status).toEqual({ state: 'not-indexed' });
    await runtime.listTools();
    expect(server.sessionCount).toBe(1);
    expect(runtime.getToolGroup('mcp::docs').status).toEqual({ state: 'ready', toolCount: 4 });
  });
});

describe('ToolGroupRuntime', () => {
  it('indexes lazily and caches per group (fact 53)', async () => {
    const counting = new CountingProvider();
    runtime = new ToolGroupRuntime({ providers: [counting] });
    runtime.registerToolGroup({ toolgroupId: 'a', providerId: 'counting' });
    expect(counting.listings).toBe(0);
    await runtime.listTools();
    await runtime.listTools();
    await runtime.invokeTool('a_echo', { text: 'x', mode: 'm' });
    expect(counting.listings).toBe(1);
    runtime.refreshToolGroup('a');
    await runtime.listTools();
    expect(counting.listings).toBe(2);
  });

  it('skips a group that cannot be listed with a warning and shows its status (fact 53)', async () => {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    const down = new CountingProvider();
    down.fail = new Error('connect ECONNREFUSED 127.0.0.1:9');
    runtime.registerProvider(down).registerToolGroup({ toolgroupId: 'down', providerId: 'counting' });
    const tools = await runtime.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search', 'fetch_page', 'broken', 'silent_failure']);
    expect(warnings).toEqual(["Skipping tool group 'down': its tools could not be listed: connect ECONNREFUSED 127.0.0.1:9"]);
    expect(runtime.listToolGroups().map((g) => [g.toolgroupId, g.status])).toEqual([
      ['mcp::docs', { state: 'ready', toolCount: 4 }],
      ['down', { state: 'unreachable', error: 'connect ECONNREFUSED 127.0.0.1:9' }],
    ]);
    // The healthy group's tools still run.
    expect((await runtime.invokeTool('search', { query: 'q' })).content).toEqual([{ type: 'text', text: 'results for q (limit undefined)' }]);
  });

  it('does not contact a failed group again on every lookup, but does when asked for it', async () => {
    const down = new CountingProvider();
    down.fail = new Error('connect ECONNREFUSED 127.0.0.1:9');
    runtime = new ToolGroupRuntime({ providers: [down], onWarning: (w) => warnings.push(w) });
    runtime.registerToolGroup({ toolgroupId: 'down', providerId: 'counting' });
    await runtime.listTools();
    await runtime.listTools();
    expect((await runtime.invokeTool('nothing', {})).errorCode).toBe(3);
    expect(down.listings).toBe(1);
    await expect(runtime.listTools({ toolgroupId: 'down' })).rejects.toThrow('connect ECONNREFUSED 127.0.0.1:9');
    expect(down.listings).toBe(2);
    down.fail = undefined;
    runtime.refreshToolGroup('down');
    expect((await runtime.listTools()).map((t) => t.name)).toEqual(['down_echo']);
    expect(down.listings).toBe(3);
  });

  it('does not skip an auth failure (fact 53)', async () => {
    const locked = new CountingProvider();
    locked.fail = new ToolwrightError({ code: 'AUTH_REQUIRED', message: 'Brave Search needs an API key: set brave_api_key.' });
    runtime = new ToolGroupRuntime({ providers: [locked], onWarning: (w) => warnings.push(w) });
    runtime.registerToolGroup({ toolgroupId: 'locked', providerId: 'counting' });
    await expect(runtime.listTools()).rejects.toThrow('Brave Search needs an API key: set brave_api_key.');
    expect(runtime.getToolGroup('locked').status).toEqual({ state: 'auth-required', error: 'Brave Search needs an API key: set brave_api_key.' });
  });

  it("merges the group's fixed args over the call's and hides them from the model (fact 55, improved)", async () => {
    runtime = new ToolGroupRuntime({ providers: [new CountingProvider()] });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'counting', args: { mode: 'safe' } });
    const [tool] = await runtime.listTools({ toolgroupId: 'g' });
    expect(tool!.inputSchema).toEqual({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false });
    expect((await runtime.invokeTool('g_echo', { text: 'hi' })).content).toEqual([{ type: 'text', text: '{"text":"hi","mode":"safe"}' }]);
    const overridden = await runtime.invokeTool('g_echo', { text: 'hi', mode: 'unsafe' });
    expect(overridden.errorCode).toBe(2);
    expect(overridden.errorMessage).toBe("Argument 'mode' of tool 'g_echo' is fixed by tool group 'g' and cannot be set by the call; call it again without 'mode'.");
  });

  it('passes the session id beside the arguments, not inside them (fact 55)', async () => {
    const seen: unknown[] = [];
    const provider: ToolGroupProvider = {
      id: 'spy',
      listTools: () => [{ name: 'spy', description: '', inputSchema: { type: 'object' } }],
      invoke: (_tool, kwargs, ctx) => {
        seen.push(kwargs, ctx.sessionId, ctx.callId);
        return { content: [] };
      },
    };
    runtime = new ToolGroupRuntime({ providers: [provider] });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'spy', args: { region: 'eu' } });
    await runtime.invokeTool('spy', { q: 1 }, { sessionId: 's-1', callId: 'call-1' });
    expect(seen).toEqual([{ q: 1, region: 'eu' }, 's-1', 'call-1']);
  });

  it('checks the arguments against the schema the model saw', async () => {
    runtime = new ToolGroupRuntime({ providers: [new CountingProvider()] });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'counting' });
    const result = await runtime.invokeTool('g_echo', { text: 3, mode: 'm' });
    expect(result.errorCode).toBe(2);
    expect(result.errorMessage).toBe("Invalid arguments for tool 'g_echo':\n- text: expected string, got number");
  });

  it('settles a provider that answers at once exactly like one that answers with a promise, without changing its result', async () => {
    // Frozen: the runtime reads a provider's result and never changes it.
    const answer = (tool: ToolDef): ToolInvocationResult => Object.freeze({ content: [{ type: 'text', text: 'quota exceeded' }], errorCode: 1, metadata: Object.freeze({ from: tool.name }) }) as ToolInvocationResult;
    const outcomes: Record<string, () => ToolInvocationResult | Promise<ToolInvocationResult>> = {};
    const provider: ToolGroupProvider = {
      id: 'both',
      listTools: () => ['now', 'later', 'throws', 'rejects'].map((name) => ({ name, description: '', inputSchema: { type: 'object' } })),
      invoke: (tool) => outcomes[tool.name]!(),
    };
    outcomes.now = () => answer({ name: 'now' } as ToolDef);
    outcomes.later = () => Promise.resolve(answer({ name: 'later' } as ToolDef));
    outcomes.throws = () => {
      throw new Error('disk full');
    };
    outcomes.rejects = () => Promise.reject(new Error('disk full'));
    runtime = new ToolGroupRuntime({ providers: [provider] });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'both' });
    for (const name of ['now', 'later']) {
      expect(await runtime.invokeTool(name, {})).toEqual({
        content: [{ type: 'text', text: 'quota exceeded' }],
        errorCode: 1,
        errorMessage: 'quota exceeded',
        metadata: { toolgroupId: 'g', from: name },
      });
    }
    for (const name of ['throws', 'rejects']) {
      expect(await runtime.invokeTool(name, {})).toEqual({
        content: [{ type: 'text', text: `Tool '${name}' failed: disk full` }],
        errorCode: 1,
        errorMessage: `Tool '${name}' failed: disk full`,
        metadata: { toolgroupId: 'g', code: 'EXECUTION_FAILED' },
      });
    }
  });

  it('answers an unknown tool with a suggestion, as a result', async () => {
    runtime = new ToolGroupRuntime({ providers: [new CountingProvider()] });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'counting' });
    const result = await runtime.invokeTool('g_ecko', { text: 'x' });
    expect(result).toEqual({
      content: [{ type: 'text', text: "Tool 'g_ecko' not found. Did you mean 'g_echo'? Available tools: g_echo." }],
      errorCode: 3,
      errorMessage: "Tool 'g_ecko' not found. Did you mean 'g_echo'? Available tools: g_echo.",
      metadata: { code: 'UNKNOWN_TOOL' },
    });
  });

  it('keeps a same-definition re-registration and refuses a different one (fact 57)', () => {
    runtime = new ToolGroupRuntime({ providers: [new CountingProvider()] });
    const first = runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'counting', args: { a: 1, b: 2 } });
    expect(runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'counting', args: { b: 2, a: 1 } })).toBe(first);
    expect(() => runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'counting', args: { a: 2 } })).toThrow(
      "Tool group 'g' already exists with a different definition (provider 'counting'); unregister it first or pick another id.",
    );
  });

  it('names an unknown provider with a suggestion', () => {
    runtime = new ToolGroupRuntime({ providers: [new CountingProvider()], builtinProviders: false });
    expect(() => runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'countng' })).toThrow(
      "Tool group 'g' names provider 'countng', which is not registered. Did you mean 'counting'? Available providers: counting.",
    );
  });

  it('asks for a qualified name when two groups provide the same tool', async () => {
    const provider: ToolGroupProvider = { id: 'same', listTools: () => [{ name: 'lookup', description: '', inputSchema: { type: 'object' } }], invoke: (_t, _k, ctx) => ({ content: [{ type: 'text', text: ctx.group.toolgroupId }] }) };
    runtime = new ToolGroupRuntime({ providers: [provider] });
    runtime.registerToolGroup({ toolgroupId: 'one', providerId: 'same' });
    runtime.registerToolGroup({ toolgroupId: 'two', providerId: 'same' });
    expect((await runtime.invokeTool('lookup', {})).errorMessage).toBe(
      "Tool 'lookup' is offered by tool groups 'one' (provider 'same') and 'two' (provider 'same'), so a call of 'lookup' is ambiguous: call 'one/lookup' or 'two/lookup', " +
        "or register a group with toolPrefix or toolNames so each has its own name (e.g. { toolgroupId: 'two', providerId: 'same', toolPrefix: 'two_' } exposes 'two_lookup'; " +
        'on the command line: toolwright groups register two --provider same --tool-prefix two_).',
    );
    expect((await runtime.invokeTool('two/lookup', {})).content).toEqual([{ type: 'text', text: 'two' }]);
    // Again once both groups are indexed (the reference is then resolved without a lookup round), and a malformed one.
    expect((await runtime.invokeTool('one/lookup', {})).content).toEqual([{ type: 'text', text: 'one' }]);
    expect((await runtime.invokeTool('two/lookup', {})).content).toEqual([{ type: 'text', text: 'two' }]);
    expect((await runtime.invokeTool('two/lookup/x', {})).errorMessage).toBe(
      "'two/lookup/x' is not a tool group reference; expected 'group' or 'group/tool' (e.g. 'builtin::websearch' or 'mcp::docs/search').",
    );
    expect((await runtime.invokeTool('three/lookup', {})).errorMessage).toBe("Tool group 'three' not found. Available tool groups: one, two.");
  });

  it('forgets an unregistered group and its tools', async () => {
    runtime = new ToolGroupRuntime({ providers: [new CountingProvider()] });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'counting' });
    await runtime.listTools();
    await runtime.unregisterToolGroup('g');
    expect(runtime.listToolGroups()).toEqual([]);
    expect((await runtime.invokeTool('g_echo', { text: 'x', mode: 'm' })).errorCode).toBe(3);
  });
});

describe('resolveAgentToolGroups (fact 54)', () => {
  function withGroups(): ToolGroupRuntime {
    setup().registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' });
    runtime.registerProvider(new CountingProvider()).registerToolGroup({ toolgroupId: 'builtin::echo', providerId: 'counting' });
    return runtime;
  }

  it("exposes only 't' for 'g/t'", async () => {
    const tools = await resolveAgentToolGroups(withGroups(), ['builtin::echo', 'mcp::docs/search']);
    expect(tools.map((t) => `${t.toolgroupId}/${t.name}`)).toEqual(['builtin::echo/builtin__echo_echo', 'mcp::docs/search']);
  });

  it('names an unknown group, suggesting the closest', async () => {
    await expect(resolveAgentToolGroups(withGroups(), ['builtin::ecko'])).rejects.toThrow(
      "Tool group 'builtin::ecko' not found. Did you mean 'builtin::echo'? Available tool groups: mcp::docs, builtin::echo.",
    );
  });

  it('names an unknown tool of a group, suggesting the closest', async () => {
    await expect(resolveAgentToolGroups(withGroups(), ['mcp::docs/fetch'])).rejects.toThrow(
      "Tool 'fetch' not found in tool group 'mcp::docs'. Did you mean 'fetch_page'? Its tools: search, fetch_page, broken, silent_failure.",
    );
  });

  it('refuses a clash, naming both groups', async () => {
    withGroups();
    const provider: ToolGroupProvider = { id: 'clash', listTools: () => [{ name: 'search', description: '', inputSchema: { type: 'object' } }], invoke: () => ({ content: [] }) };
    runtime.registerProvider(provider).registerToolGroup({ toolgroupId: 'web', providerId: 'clash' });
    await expect(resolveAgentToolGroups(runtime, ['mcp::docs', 'web'])).rejects.toThrow(
      "Tool 'search' already exists: both tool group 'mcp::docs' and tool group 'web' provide it. Expose only one, e.g. 'mcp::docs/search', drop one group, or register one of them with toolPrefix or toolNames so each has its own name (toolwright groups register web --provider … --tool-prefix PREFIX).",
    );
  });
});

describe('per-tool status beside per-group status (PR #2544 review)', () => {
  /** Two groups of one provider, both listing `lookup`, group `a` also `ping`; `down` makes calls fail as unreachable. */
  class FlakyProvider implements ToolGroupProvider {
    readonly id = 'flaky';
    down = false;
    listTools(group: RegisteredToolGroup): ProvidedToolDef[] {
      const lookup: ProvidedToolDef = { name: 'lookup', description: 'Look up', inputSchema: { type: 'object', properties: {} } };
      return group.toolgroupId === 'a' ? [lookup, { name: 'ping', description: 'Ping', inputSchema: { type: 'object', properties: {} } }] : [lookup];
    }
    invoke() {
      if (this.down) throw new ToolwrightError({ code: 'MCP_CONNECTION', message: 'Could not connect to the ping service (ECONNREFUSED).' });
      return { content: [{ type: 'text' as const, text: 'pong' }] };
    }
  }

  it('shows each tool: ready, ambiguous (same name in two groups), failing after an unreachable call, ready again after a good one', async () => {
    const provider = new FlakyProvider();
    const runtime = new ToolGroupRuntime({ providers: [provider], onWarning: () => undefined });
    runtime.registerToolGroup({ toolgroupId: 'a', providerId: 'flaky' });
    runtime.registerToolGroup({ toolgroupId: 'b', providerId: 'flaky', args: { region: 'eu' } });
    expect(runtime.getToolGroup('a')).toEqual({ toolgroupId: 'a', providerId: 'flaky', args: {}, status: { state: 'not-indexed' } });
    await runtime.listTools();
    provider.down = true;
    const failed = await runtime.invokeTool('a/ping', {});
    expect([failed.errorCode, failed.errorMessage]).toEqual([5, 'Could not connect to the ping service (ECONNREFUSED).']);
    expect(runtime.listToolGroups().map((g) => [g.toolgroupId, g.status, g.tools])).toEqual([
      [
        'a',
        { state: 'ready', toolCount: 2 },
        [
          { name: 'lookup', state: 'ambiguous', error: "Also provided by tool group 'b'; call it as 'a/lookup', or register the group with toolPrefix or toolNames to give it its own name." },
          { name: 'ping', state: 'failing', errorCode: 5, error: 'Could not connect to the ping service (ECONNREFUSED).' },
        ],
      ],
      ['b', { state: 'ready', toolCount: 1 }, [{ name: 'lookup', state: 'ambiguous', error: "Also provided by tool group 'a'; call it as 'b/lookup', or register the group with toolPrefix or toolNames to give it its own name." }]],
    ]);
    // A call that was the caller's fault (bad arguments) does not change the status; a good call clears it.
    expect((await runtime.invokeTool('a/ping', [] as never)).errorCode).toBe(2);
    expect(runtime.getToolGroup('a').tools?.[1]?.state).toBe('failing');
    provider.down = false;
    expect((await runtime.invokeTool('a/ping', {})).content).toEqual([{ type: 'text', text: 'pong' }]);
    expect(runtime.getToolGroup('a').tools?.[1]).toEqual({ name: 'ping', state: 'ready' });
  });
});
