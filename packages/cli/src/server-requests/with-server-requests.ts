import type { AgentOptions, McpServerConfig } from '@toolwright/sdk';
import type { ServerRequestAnswers } from './server-request-answers.js';

/**
 * The spec's MCP servers with `capabilities.sampling: true` / `elicitation: true` (the host
 * answers) bound to `answers`, naming the server that asks. Handlers given in code and
 * `'defaults'` stay as they are; the spec object is not changed.
 */
export function withServerRequests(servers: Record<string, McpServerConfig> | undefined, answers: ServerRequestAnswers): Record<string, McpServerConfig> | undefined {
  if (!servers) return servers;
  return Object.fromEntries(
    Object.entries(servers).map(([name, server]) => {
      const caps = server.capabilities;
      if (!caps || (caps.sampling !== true && caps.elicitation !== true)) return [name, server];
      const asker = `MCP server '${name}'`;
      const bound = { ...caps };
      if (caps.sampling === true) bound.sampling = (request) => answers.sample(request, asker);
      if (caps.elicitation === true) bound.elicitation = (request) => answers.elicit(request, asker);
      return [name, { ...server, capabilities: bound }];
    }),
  );
}

/** The Agent's `onSample`/`onElicit` for native tools that talk back (`ctx.sample`, `ctx.elicit`), answered like the servers' requests. */
export function nativeToolAnswers(answers: ServerRequestAnswers | undefined): Pick<AgentOptions, 'onSample' | 'onElicit'> {
  if (!answers) return {};
  return { onSample: (request) => answers.sample(request, 'A tool'), onElicit: (request) => answers.elicit(request, 'A tool') };
}
