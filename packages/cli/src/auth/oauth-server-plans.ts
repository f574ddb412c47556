import { resolve } from 'node:path';
import { defaultRegistry, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';
import type { McpOAuthConfig } from '@toolwright/sdk';
import { planMcpServers } from '@toolwright/sdk/mcp';
import type { McpHttpPlan } from '@toolwright/sdk/mcp';
import { CliError } from '../cli-error.js';

/** An HTTP MCP server of the spec with OAuth settings (relative token files resolved as the agent resolves them). */
export type OAuthServerPlan = McpHttpPlan & { auth: McpOAuthConfig };

/**
 * The spec's enabled HTTP MCP servers that have `auth`, in spec order. Paths resolve against
 * `cwd`, as the agent of `call`/`shell`/`serve` resolves them, so both use the same token file.
 */
export async function oauthServerPlans(spec: string, cwd: string, env: NodeJS.ProcessEnv): Promise<OAuthServerPlan[]> {
  try {
    const loaded = await loadAgentSpec(resolve(cwd, spec), { env, registry: defaultRegistry });
    if (!loaded.mcpServers || Object.keys(loaded.mcpServers).length === 0) return [];
    return planMcpServers(loaded.mcpServers, cwd).filter((plan): plan is OAuthServerPlan => plan.kind !== 'stdio' && plan.auth !== undefined);
  } catch (error) {
    if (!ToolwrightError.isInstance(error)) throw error;
    throw new CliError({ message: error.code === 'INVALID_SPEC' ? `invalid agent spec ${error.message}` : `spec ${spec}: ${error.message}`, cause: error });
  }
}

/** The plan of server `name`, or a {@link CliError} naming the servers that have auth. */
export function oauthServerNamed(plans: readonly OAuthServerPlan[], name: string, spec: string): OAuthServerPlan {
  const plan = plans.find((p) => p.name === name);
  if (plan) return plan;
  const names = plans.map((p) => p.name);
  throw new CliError({
    command: 'auth',
    message: `No HTTP MCP server '${name}' with auth settings in spec ${spec}.`,
    hint: names.length > 0 ? `Servers with auth: ${names.join(', ')}.` : 'Give an HTTP server (url) an auth section, e.g. auth: { tokenFile: ".toolwright/tokens.json" }.',
  });
}
