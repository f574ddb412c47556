import { afterEach, describe, expect, it } from '@jest/globals';
import { ToolwrightError } from '@toolwright/sdk';
import {
  BraveSearchProvider,
  BUILTIN_PROVIDER_IDS,
  CodeInterpreterProvider,
  KeyValueBank,
  KeywordBank,
  MemoryProvider,
  McpProvider,
  ToolGroupRuntime,
  VectorBank,
  WolframAlphaProvider,
} from '@toolwright/providers';
import type { ProvidedToolDef, ToolGroupProvider } from '@toolwright/providers';

let runtime: ToolGroupRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

/** What a call throws, as `{ code, message }`. */
function thrown(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (!ToolwrightError.isInstance(error)) throw error;
    return { code: error.code, message: error.message };
  }
  throw new Error('expected a ToolwrightError');
}

describe('built-in providers are registered by default', () => {
  it('knows every built-in provider without being given any, so an MCP group registers at once', () => {
    runtime = new ToolGroupRuntime();
    expect(runtime.listProviders().sort()).toEqual([...BUILTIN_PROVIDER_IDS].sort());
    expect(runtime.registerToolGroup({ toolgroupId: 'mcp::docs', providerId: 'model-context-protocol', mcpEndpoint: 'http://127.0.0.1:9/mcp' }).providerId).toBe('model-context-protocol');
  });

  it('says which ones are ready and which need a key', () => {
    runtime = new ToolGroupRuntime({ providers: [new WolframAlphaProvider({ apiKey: 'k' })] });
    const status = Object.fromEntries(runtime.listProviderStatus().map((p) => [p.id, p]));
    expect(status['model-context-protocol']).toEqual({ id: 'model-context-protocol', builtin: true, needs: [] });
    expect(status['code-interpreter']!.needs).toEqual([]);
    expect(status['brave-search']).toEqual({ id: 'brave-search', builtin: true, needs: ['brave_api_key'] });
    expect(status['wolfram-alpha']).toEqual({ id: 'wolfram-alpha', builtin: false, needs: [] });
  });

  it('lets a provider given later replace a default one; builtinProviders: false registers none', () => {
    runtime = new ToolGroupRuntime();
    const keyed = new BraveSearchProvider({ apiKey: 'k' });
    runtime.registerProvider(keyed);
    expect(runtime.listProviderStatus().find((p) => p.id === 'brave-search')).toEqual({ id: 'brave-search', builtin: false, needs: [] });
    expect(thrown(() => runtime!.registerProvider(new BraveSearchProvider())).message).toBe("A provider with id 'brave-search' is already registered.");
    expect(new ToolGroupRuntime({ builtinProviders: false }).listProviders()).toEqual([]);
  });
});

describe('a group whose provider needs a setting', () => {
  it("shows needs-settings naming the setting (not 'ready') until a key is configured", async () => {
    runtime = new ToolGroupRuntime({ onWarning: () => undefined });
    runtime.registerToolGroup({ toolgroupId: 'builtin::websearch', providerId: 'brave-search' });
    await runtime.listTools();
    expect(runtime.getToolGroup('builtin::websearch').status).toEqual({
      state: 'needs-settings',
      toolCount: 1,
      settings: ['brave_api_key'],
      error:
        "needs brave_api_key: configure the 'brave-search' provider (toolProviders.brave-search.apiKey in a spec), or send \"brave_api_key\" per request in the provider data (header X-Toolwright-Provider-Data).",
    });
    const keyed = new ToolGroupRuntime({ providers: [new BraveSearchProvider({ apiKey: 'k' })] });
    keyed.registerToolGroup({ toolgroupId: 'web', providerId: 'brave-search' });
    await keyed.listTools();
    expect(keyed.getToolGroup('web').status).toEqual({ state: 'ready', toolCount: 1 });
  });
});

describe('two groups offering a tool of the same name', () => {
  it('are told at registration, naming both groups and the option to use', () => {
    const warnings: string[] = [];
    runtime = new ToolGroupRuntime({ onWarning: (m) => warnings.push(m) });
    runtime.registerToolGroup({ toolgroupId: 'builtin::brave', providerId: 'brave-search' });
    runtime.registerToolGroup({ toolgroupId: 'builtin::bing', providerId: 'bing-search' });
    expect(warnings).toEqual([
      "Tool 'web_search' is offered by tool groups 'builtin::brave' (provider 'brave-search') and 'builtin::bing' (provider 'bing-search'), so a call of 'web_search' is ambiguous: " +
        "call 'builtin::brave/web_search' or 'builtin::bing/web_search', or register a group with toolPrefix or toolNames so each has its own name " +
        "(e.g. { toolgroupId: 'builtin::bing', providerId: 'bing-search', toolPrefix: 'bing_' } exposes 'bing_web_search'; on the command line: toolwright groups register builtin::bing --provider bing-search --tool-prefix bing_).",
    ]);
  });

  it('are both callable by a bare name with toolPrefix or toolNames; the provider gets its own tool name', async () => {
    const warnings: string[] = [];
    const notes = new KeyValueBank('notes');
    runtime = new ToolGroupRuntime({ providers: [new MemoryProvider({ banks: [notes] })], onWarning: (m) => warnings.push(m) });
    runtime.registerToolGroup({ toolgroupId: 'builtin::brave', providerId: 'brave-search' });
    runtime.registerToolGroup({ toolgroupId: 'builtin::bing', providerId: 'bing-search', toolPrefix: 'bing_' });
    runtime.registerToolGroup({ toolgroupId: 'mem', providerId: 'memory', toolNames: { memory_insert: 'remember', memory_query: 'recall' } });
    expect(warnings).toEqual([]);
    expect((await runtime.listTools()).map((t) => t.name).sort()).toEqual(['bing_web_search', 'recall', 'remember', 'web_search']);
    const stored = await runtime.invokeTool('remember', { bank_id: 'notes', documents: [{ document_id: 'k', content: 'the key is blue' }] });
    expect(stored.errorMessage).toBeUndefined();
    const found = await runtime.invokeTool('recall', { query: 'k', bank_ids: ['notes'] });
    expect(JSON.stringify(found.content)).toContain('the key is blue');
    // A bare call of the prefixed web search reaches Bing (which then asks for its key).
    expect((await runtime.invokeTool('bing_web_search', { query: 'x' })).errorMessage).toMatch(/^Bing Search needs an API key/);
  });

  it('refuses a prefix or exposed name that is not a tool name', () => {
    runtime = new ToolGroupRuntime();
    expect(thrown(() => runtime!.registerToolGroup({ toolgroupId: 'g', providerId: 'brave-search', toolPrefix: 'a/b' })).message).toBe(
      `Invalid tool group 'g' (toolPrefix): expected letters, digits, '_', '.' or '-' (e.g. 'bing_'), got "a/b".`,
    );
    expect(thrown(() => runtime!.registerToolGroup({ toolgroupId: 'g', providerId: 'brave-search', toolNames: { web_search: '' } })).message).toBe(
      `Invalid tool group 'g' (toolNames.web_search): expected a tool name (letters, digits, '_', '.' or '-'), got "".`,
    );
  });
});

describe('a provider listing a tool without inputSchema', () => {
  const provider = (tools: unknown[]): ToolGroupProvider => ({ id: 'odd', listTools: () => tools as ProvidedToolDef[], invoke: () => ({ content: [{ type: 'text', text: 'ran' }] }) });

  it('offers it as a tool without arguments, with a warning naming the provider and the tool', async () => {
    const warnings: string[] = [];
    runtime = new ToolGroupRuntime({ providers: [provider([{ name: 'ping', description: 'Ping.' }])], onWarning: (m) => warnings.push(m), builtinProviders: false });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'odd' });
    expect((await runtime.listTools()).map((t) => [t.name, t.inputSchema])).toEqual([['ping', { type: 'object' }]]);
    expect(warnings).toEqual(["Provider 'odd' (tool group 'g') listed tool 'ping' without an inputSchema; it is offered as a tool without arguments ({ \"type\": \"object\" })."]);
    expect((await runtime.invokeTool('ping', {})).content).toEqual([{ type: 'text', text: 'ran' }]);
  });

  it('refuses a schema that is not an object schema, naming the provider and the tool', async () => {
    runtime = new ToolGroupRuntime({ providers: [provider([{ name: 'bad', description: '', inputSchema: { type: 'string' } }])], builtinProviders: false, onWarning: () => undefined });
    runtime.registerToolGroup({ toolgroupId: 'g', providerId: 'odd' });
    await expect(runtime.listTools({ toolgroupId: 'g' })).rejects.toThrow(
      `Provider 'odd' (tool group 'g') listed tool 'bad' with an inputSchema that is not an object schema ({"type":"string"}); a tool's arguments are a JSON object: { "type": "object", "properties": { … } }.`,
    );
  });
});

describe('constructors called from JavaScript with the wrong shape', () => {
  it('fail at construction with INVALID_PARAMS naming the argument and the expected shape', () => {
    expect(thrown(() => new KeywordBank({ id: 'notes' } as never))).toEqual({
      code: 'INVALID_PARAMS',
      message: "new KeywordBank(bankId, options?): bankId must be a non-empty string (the bank's id, e.g. new KeywordBank('notes', { path })), got an object.",
    });
    expect(thrown(() => new KeyValueBank(undefined as never)).message).toBe("new KeyValueBank(bankId): bankId must be a non-empty string (the bank's id, e.g. new KeyValueBank('facts')), got undefined.");
    expect(thrown(() => new VectorBank('v', {} as never)).message).toBe('new VectorBank(bankId, embedder, options?): embedder must be a function ((texts) => vectors, e.g. hashingEmbedder()), got an object.');
    expect(thrown(() => new KeywordBank('notes', { file: 'x.json' } as never)).message).toBe("new KeywordBank(bankId, options?): unknown option 'file'. Did you mean 'maxFileBytes'? Options: path, maxFileBytes.");
    expect(thrown(() => new BraveSearchProvider({ apikey: 'k' } as never)).message).toBe("new BraveSearchProvider(options?): unknown option 'apikey'. Did you mean 'apiKey'? Options: apiKey, baseUrl, timeoutMs, defaultMaxResults.");
    expect(thrown(() => new BraveSearchProvider({ timeoutMs: '5000' } as never)).message).toBe("new BraveSearchProvider(options?): option 'timeoutMs' must be a positive number, got a string.");
    expect(thrown(() => new MemoryProvider({ banks: [{ id: 'notes' }] } as never)).message).toBe(
      'new MemoryProvider(options?): options.banks[0] must be a memory bank (new KeywordBank(id), new KeyValueBank(id) or new VectorBank(id, embedder)), got an object without bankId, insert and query.',
    );
    expect(thrown(() => new CodeInterpreterProvider('bwrap' as never)).message).toMatch(/^new CodeInterpreterProvider\(options\?\): options must be an object \{ sandbox\?, timeoutMs\?/);
    expect(thrown(() => new McpProvider({ timeoutMs: 5 } as never)).message).toBe("new McpProvider(options?): unknown option 'timeoutMs'. Did you mean 'connectTimeoutMs'? Options: connectTimeoutMs, callTimeoutMs, transportFor.");
    expect(thrown(() => new ToolGroupRuntime({ providers: [{ id: 'x' }] } as never)).message).toBe(
      'new ToolGroupRuntime(options?): options.providers[0] must be a tool group provider { id, listTools, invoke } (e.g. new BraveSearchProvider({ apiKey })), got an object without id, listTools and invoke.',
    );
  });
});
