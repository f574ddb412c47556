import { resolve } from 'node:path';
import { defaultRegistry, loadAgentSpec, ToolwrightError } from '@toolwright/sdk';
import type { AgentSpec } from '@toolwright/sdk';
import type { ToolGroupRuntime } from '@toolwright/providers';
import { registerBuiltinTools } from '@toolwright/tools/builtins';
import { CliError } from '../cli-error.js';
import { toolGroupRuntimeFromSpec } from './tool-group-runtime-from-spec.js';
import { toolGroupsFilePath } from './tool-groups-file.js';
import { withRegisteredGroups } from './with-registered-groups.js';

/** Options of {@link openToolGroups}. */
export interface OpenToolGroupsOptions {
  /** `--spec FILE`: its `toolGroupRegistry` and `toolProviders` (optional: groups may come from the registrations file alone). */
  spec?: string;
  /** `--groups-file FILE`: the registrations of `groups register` (default: see {@link toolGroupsFilePath}). */
  groupsFile?: string;
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Receives warnings (a group skipped because it cannot be listed). */
  onWarning?: (message: string) => void;
}

/** Reads `--spec` (checked; none: an empty spec). */
export async function loadGroupsSpec(options: OpenToolGroupsOptions): Promise<AgentSpec> {
  if (options.spec === undefined) return { tools: [] };
  registerBuiltinTools({ preset: 'all', registry: defaultRegistry });
  try {
    return await loadAgentSpec(resolve(options.cwd, options.spec), { env: options.env, registry: defaultRegistry });
  } catch (error) {
    if (ToolwrightError.isInstance(error) && error.code === 'INVALID_SPEC') throw new CliError({ message: `invalid agent spec ${error.message}`, cause: error });
    throw error;
  }
}

/**
 * The tool groups of the spec and of the registrations file (`groups register`): the merged
 * spec and a runtime with every group registered (nothing contacted yet).
 */
export async function openToolGroups(options: OpenToolGroupsOptions): Promise<{ spec: AgentSpec; runtime: ToolGroupRuntime; groupsFile: string }> {
  const groupsFile = toolGroupsFilePath(options.cwd, options.groupsFile, options.env);
  const spec = await withRegisteredGroups(await loadGroupsSpec(options), groupsFile, options.cwd);
  return { spec, runtime: toolGroupRuntimeFromSpec(spec, options.cwd, options.onWarning), groupsFile };
}
