import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { runInThisContext } from 'node:vm';
import { McpProvider, ToolGroupRuntime } from '@toolwright/providers';
import { mcpClientFromPlan, planMcpServers } from '@toolwright/sdk/mcp';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { startEverythingHttp } from './support/servers.js';
import type { HttpServer } from './support/servers.js';

const CALLS = 2_000;

// Jest gives each test file a copy of `process`; Node emits its warnings on the real one.
const realProcess = runInThisContext('process') as NodeJS.Process;

type Mode = 'streamableHttp' | 'sse';
const servers: Partial<Record<Mode, HttpServer>> = {};
beforeAll(async () => {
  [servers.streamableHttp, servers.sse] = await Promise.all([startEverythingHttp(), startEverythingHttp(undefined, 'sse')]);
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

/** What `run` did to abort signals: the MaxListenersExceededWarnings, and the most listeners a signal had when handed to fetch. */
async function watchSignals(run: () => Promise<void>): Promise<{ warnings: string[]; mostListeners: number; signals: number }> {
  const warnings: string[] = [];
  const onWarning = (warning: Error): void => {
    if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.message);
  };
  // The transports' fetch reads the global at call time: see what each request's signal carries.
  const realFetch = globalThis.fetch;
  const signals = new Set<AbortSignal>();
  let mostListeners = 0;
  globalThis.fetch = (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const signal = init?.signal;
    if (signal) {
      signals.add(signal);
      mostListeners = Math.max(mostListeners, getEventListeners(signal, 'abort').length);
    }
    return realFetch(input, init);
  };
  realProcess.on('warning', onWarning);
  try {
    await run();
    // Node emits a warning a tick after its cause.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    realProcess.off('warning', onWarning);
    globalThis.fetch = realFetch;
  }
  return { warnings, mostListeners, signals: signals.size };
}

const modes: [string, Mode][] = [
  ['Streamable HTTP', 'streamableHttp'],
  ['legacy SSE', 'sse'],
];

describe.each(modes)('over %s (server-everything on 127.0.0.1), no abort listener is added per request', (_label, mode) => {
  it(`by one MCPClient making ${CALLS} calls: none on the signals given to fetch, no warning`, async () => {
    const server = servers[mode]!;
    const [plan] = planMcpServers({ web: mode === 'sse' ? { url: server.url, transport: 'sse' } : { url: server.url } });
    const client: MCPClient = mcpClientFromPlan(plan!);
    try {
      const seen = await watchSignals(async () => {
        await client.connect();
        for (let i = 0; i < CALLS; i++) {
          const result = await client.callTool('echo', { message: `m${i}` });
          expect(result.content).toEqual([{ type: 'text', text: `Echo: m${i}` }]);
        }
      });
      // The signal each request hands to fetch carries no listener of an earlier request.
      expect(seen).toEqual({ warnings: [], mostListeners: 0, signals: seen.signals });
      expect(seen.signals).toBeGreaterThan(CALLS);
    } finally {
      await client.close();
    }
  }, 120_000);

  it(`by an MCP tool group (McpProvider) invoking a tool ${CALLS} times: none on the signals given to fetch, no warning`, async () => {
    const server = servers[mode]!;
    const runtime = new ToolGroupRuntime({ providers: [new McpProvider({ connectTimeoutMs: 5_000 })] });
    try {
      const seen = await watchSignals(async () => {
        runtime.registerToolGroup({ toolgroupId: 'mcp::web', providerId: 'model-context-protocol', mcpEndpoint: { uri: server.url, transport: mode === 'sse' ? 'sse' : 'http' } });
        for (let i = 0; i < CALLS; i++) {
          const result = await runtime.invokeTool('mcp::web/echo', { message: `m${i}` });
          expect(result.content).toEqual([{ type: 'text', text: `Echo: m${i}` }]);
        }
      });
      expect(seen).toEqual({ warnings: [], mostListeners: 0, signals: seen.signals });
      expect(seen.signals).toBeGreaterThan(CALLS);
    } finally {
      await runtime.close();
    }
  }, 120_000);
});
