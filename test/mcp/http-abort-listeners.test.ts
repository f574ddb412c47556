import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { runInThisContext } from 'node:vm';
import { mcpClientFromPlan, planMcpServers } from '@toolwright/sdk/mcp';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { startEverythingHttp } from './support/servers.js';
import type { HttpServer } from './support/servers.js';

const CALLS = 2_000;

// Jest gives each test file a copy of `process`; Node emits its warnings on the real one.
const realProcess = runInThisContext('process') as NodeJS.Process;

const servers: Partial<Record<'streamableHttp' | 'sse', HttpServer>> = {};
beforeAll(async () => {
  [servers.streamableHttp, servers.sse] = await Promise.all([startEverythingHttp(), startEverythingHttp(undefined, 'sse')]);
});
afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

const modes: [string, 'streamableHttp' | 'sse'][] = [
  ['Streamable HTTP', 'streamableHttp'],
  ['legacy SSE', 'sse'],
];

describe.each(modes)('MCPClient over %s (server-everything on 127.0.0.1)', (_label, mode) => {
  it(`adds no abort listener per request: none on the signals given to fetch, no warning, over ${CALLS} calls on one client`, async () => {
    const server = servers[mode]!;
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => {
      if (warning.name === 'MaxListenersExceededWarning') warnings.push(warning.message);
    };
    // The transport's fetch reads the global at call time: see what each request's signal carries.
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
    const [plan] = planMcpServers({ web: mode === 'sse' ? { url: server.url, transport: 'sse' } : { url: server.url } });
    const client: MCPClient = mcpClientFromPlan(plan!);
    try {
      await client.connect();
      for (let i = 0; i < CALLS; i++) {
        const result = await client.callTool('echo', { message: `m${i}` });
        expect(result.content).toEqual([{ type: 'text', text: `Echo: m${i}` }]);
      }
      // Node emits a warning a tick after its cause.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings).toEqual([]);
      // The signal each request hands to fetch carries no listener of an earlier request.
      expect(mostListeners).toBe(0);
      expect(signals.size).toBeGreaterThan(CALLS);
    } finally {
      realProcess.off('warning', onWarning);
      globalThis.fetch = realFetch;
      await client.close();
    }
  }, 120_000);
});
