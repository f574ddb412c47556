import type { Agent } from '../runtime/agent.js';
import type { ServedToolset } from './served-tools.js';

/**
 * An Agent's tools as an MCP server serves them: the tools of its current view (what a model
 * would see), each call through `agent.executeToolCall` — validation, policy, approvals, hooks,
 * middleware and events exactly as for the agent's own calls.
 */
export function agentTools(agent: Agent): ServedToolset {
  return {
    tools: () => agent.view.tools(),
    tool: (name) => agent.toolsMap.get(name) ?? agent.view.get(name),
    call: async (name, args, options) => {
      const callOptions: Parameters<Agent['executeToolCall']>[1] = { signal: options.signal };
      if (options.onProgress) callOptions.onProgress = options.onProgress;
      if (options.client) callOptions.client = options.client;
      if (options.metadata) callOptions.metadata = options.metadata;
      const { observation } = await agent.executeToolCall({ id: options.toolCallId, name, arguments: args }, callOptions);
      return observation;
    },
    onToolsChanged: (listener) => agent.onToolsChanged(() => listener()),
  };
}
