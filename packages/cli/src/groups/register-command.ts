import { closestMatch, ToolwrightError } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';
import { loadGroupsSpec } from './open-tool-groups.js';
import { registrationFromFlags } from './registration-from-flags.js';
import type { RegistrationFlags } from './registration-from-flags.js';
import { toolGroupRuntimeFromSpec } from './tool-group-runtime-from-spec.js';
import { checkRegistrations, displayPath, readToolGroupsFile, toolGroupsFilePath, updateToolGroupsFile } from './tool-groups-file.js';
import { mergeRegisteredGroups, sameRegistration } from './with-registered-groups.js';

/** Where `register` / `unregister` work. */
export interface RegisterCommandOptions {
  /** `--spec FILE`: its own groups and provider options (checked against the new registration). */
  spec?: string;
  /** `--groups-file FILE`. */
  groupsFile?: string;
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

/** Maps the spec loader's path of the one checked entry back to the flags it came from. */
function flagPaths(error: unknown): never {
  if (error instanceof CliError) {
    throw new CliError({
      command: 'groups',
      message: error.message
        .replace(/^--: toolGroupRegistry\[0\]\.toolgroupId:/, 'GROUP:')
        .replace(/^--: toolGroupRegistry\[0\]\.mcpEndpoint[^:]*:/, '--mcp-endpoint:')
        .replace(/^--: toolGroupRegistry\[0\]\.providerId:/, '--provider:')
        .replace(/^--: toolGroupRegistry\[0\]\.args[^:]*:/, '--arg:')
        .replace(/^--: toolGroupRegistry\[0\]\.toolPrefix:/, '--tool-prefix:')
        .replace(/^--: toolGroupRegistry\[0\]\.concurrency:/, '--concurrency:'),
      cause: error,
    });
  }
  throw error;
}

/**
 * `groups register GROUP --provider ID …`: adds the group to the registrations file, after
 * checking it as the spec loader and the provider would (nothing is contacted). The same
 * definition again is a no-op; a different one under a registered id is refused (Llama's
 * "already exists", with what to do). Returns the line to print.
 */
export async function registerCommand(toolgroupId: string, flags: RegistrationFlags, options: RegisterCommandOptions): Promise<string> {
  const registration = (await checkRegistrations([registrationFromFlags(toolgroupId, flags)], '--').catch(flagPaths))[0]!;
  const file = toolGroupsFilePath(options.cwd, options.groupsFile, options.env);
  const shown = displayPath(file, options.cwd);
  const spec = await loadGroupsSpec(options);
  const inSpec = spec.toolGroupRegistry?.find((g) => g.toolgroupId === toolgroupId);
  if (inSpec) {
    throw new CliError({ command: 'groups', message: `Tool group '${toolgroupId}' is already registered by the spec ${options.spec} (provider '${inSpec.providerId}'); change it there, or pick another id.` });
  }
  // The providers' own checks (an MCP group needs an http(s) endpoint…), with the spec's provider
  // options, before taking the lock: building providers loads their package, and other
  // `register`s should not wait for that.
  const current = (await readToolGroupsFile(file, options.cwd)).filter((g) => g.toolgroupId !== toolgroupId);
  const runtime = toolGroupRuntimeFromSpecChecked(mergeRegisteredGroups(spec, [...current, registration], file, options.cwd), options.cwd);
  await runtime.close();
  return updateToolGroupsFile(file, options.cwd, (groups) => {
    const existing = groups.find((g) => g.toolgroupId === toolgroupId);
    if (existing && sameRegistration(existing, registration)) return { result: `Tool group '${toolgroupId}' is already registered in ${shown} with this definition; nothing changed.` };
    if (existing) {
      throw new CliError({
        command: 'groups',
        message: `Tool group '${toolgroupId}' already exists in ${shown} with a different definition (provider '${existing.providerId}'); run 'toolwright groups unregister ${toolgroupId}' first, or pick another id.`,
      });
    }
    return { groups: [...groups, registration], result: `Registered tool group '${toolgroupId}' (provider ${registration.providerId}) in ${shown}.` };
  });
}

function toolGroupRuntimeFromSpecChecked(spec: Parameters<typeof toolGroupRuntimeFromSpec>[0], cwd: string): ReturnType<typeof toolGroupRuntimeFromSpec> {
  try {
    return toolGroupRuntimeFromSpec(spec, cwd, () => undefined);
  } catch (error) {
    if (error instanceof CliError) throw new CliError({ command: 'groups', message: error.message, cause: error });
    if (ToolwrightError.isInstance(error)) throw new CliError({ command: 'groups', message: error.message, cause: error });
    throw error;
  }
}

/** `groups unregister GROUP`: removes the group from the registrations file. Returns the line to print. */
export async function unregisterCommand(toolgroupId: string, options: RegisterCommandOptions): Promise<string> {
  const file = toolGroupsFilePath(options.cwd, options.groupsFile, options.env);
  const shown = displayPath(file, options.cwd);
  return updateToolGroupsFile(file, options.cwd, async (groups) => {
    const at = groups.findIndex((g) => g.toolgroupId === toolgroupId);
    if (at >= 0) return { groups: groups.filter((_, i) => i !== at), result: `Unregistered tool group '${toolgroupId}' from ${shown}.` };
    const spec = await loadGroupsSpec(options);
    if (spec.toolGroupRegistry?.some((g) => g.toolgroupId === toolgroupId)) {
      throw new CliError({ command: 'groups', message: `Tool group '${toolgroupId}' is declared in the spec ${options.spec} (toolGroupRegistry), not registered in ${shown}; remove it from the spec.` });
    }
    const ids = groups.map((g) => g.toolgroupId);
    const near = closestMatch(toolgroupId, ids);
    throw new CliError({ command: 'groups', message: `Tool group '${toolgroupId}' is not registered in ${shown}.${near ? ` Did you mean '${near}'?` : ''} Registered: ${ids.join(', ') || '(none)'}.` });
  });
}
