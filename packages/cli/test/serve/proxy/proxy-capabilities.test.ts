import { describe, expect, it } from '@jest/globals';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { MCPClient } from '@toolwright/sdk/mcp';
import { proxyCapabilities } from '../../../src/serve/proxy/proxy-capabilities.js';

/** What proxyCapabilities reads of a client: its server's declared capabilities. */
const upstream = (serverCapabilities: ServerCapabilities | undefined): MCPClient => ({ serverCapabilities }) as unknown as MCPClient;

describe('proxyCapabilities', () => {
  it('declares nothing beyond tools for upstreams with tools only', () => {
    expect(proxyCapabilities([upstream({ tools: {} }), upstream(undefined)])).toEqual({});
  });

  it('declares each capability some upstream offers, with sub-features only when some upstream has them', () => {
    expect(proxyCapabilities([upstream({ prompts: {}, resources: {} }), upstream({ resources: { subscribe: true }, completions: {} })])).toEqual({
      prompts: {},
      resources: { subscribe: true },
      completions: {},
    });
    expect(proxyCapabilities([upstream({ prompts: { listChanged: true }, resources: { listChanged: true } })])).toEqual({ prompts: { listChanged: true }, resources: { listChanged: true } });
  });

  it('declares no subscriptions and no list changes without a session', () => {
    expect(proxyCapabilities([upstream({ prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true }, completions: {} })], true)).toEqual({
      prompts: {},
      resources: {},
      completions: {},
    });
  });
});
