import { resolve } from 'node:path';
import { defaultRegistry, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';
import type { AgentSpec } from '@toolwright/sdk';
import type { ToolGroupRuntime } from '@toolwright/providers';
import { registerBuiltinTools } from '@toolwright/tools';
import { CliError } from '../cli-error.js';
import { toolGroupRuntimeFromSpec } from './tool-group-runtime-from-spec.js';

/** Options of {@link openToolGroups}. */
export interface OpenToolGroupsOptions {
  /** `--spec FILE` (required: groups are declared in a spec). */
  spec?: string;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Receives warnings (a group skipped because it cannot be listed). */
  onWarning?: (message: string) => void;
}

/** The spec's tool groups: the spec (checked) and a runtime with its groups registered (nothing contacted yet). */
export async function openToolGroups(options: OpenToolGroupsOptions): Promise<{ spec: AgentSpec; runtime: ToolGroupRuntime }> {
  if (options.spec === undefined) {
    throw new CliError({ message: 'Tool groups are declared in an agent spec: pass --spec FILE.', hint: 'The spec lists them under toolGroupRegistry: [{ toolgroupId, providerId, mcpEndpoint?, args? }].' });
  }
  registerBuiltinTools({ preset: 'all', registry: defaultRegistry });
  let spec: AgentSpec;
  try {
    spec = await loadAgentSpec(resolve(options.cwd, options.spec), { env: options.env, registry: defaultRegistry });
  } catch (error) {
    if (ToolwrightError.isInstance(error) && error.code === 'INVALID_SPEC') throw new CliError({ message: `invalid agent spec ${error.message}`, cause: error });
    throw error;
  }
  return { spec, runtime: toolGroupRuntimeFromSpec(spec, options.cwd, options.onWarning) };
}
