import type { AgentSpec, ToolGroupRegistration } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';
import { displayPath, readToolGroupsFile } from './tool-groups-file.js';

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(record[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** True when two registrations define the same group (key order does not matter). */
export function sameRegistration(a: ToolGroupRegistration, b: ToolGroupRegistration): boolean {
  return stable(a) === stable(b);
}

/**
 * The spec with the groups of the registrations file (`groups register`) added: each is
 * registered after the spec's own `toolGroupRegistry` and exposed whole (appended to `toolgroups`)
 * unless the spec already refers to it. The same id in both with a different definition is a
 * {@link CliError} naming both places. Without registrations, the spec itself.
 */
export async function withRegisteredGroups(spec: AgentSpec, file: string, cwd: string): Promise<AgentSpec> {
  return mergeRegisteredGroups(spec, await readToolGroupsFile(file, cwd), file, cwd);
}

/** {@link withRegisteredGroups} with the registrations already read (`file` names them in messages). */
export function mergeRegisteredGroups(spec: AgentSpec, registered: readonly ToolGroupRegistration[], file: string, cwd: string): AgentSpec {
  if (registered.length === 0) return spec;
  const own = spec.toolGroupRegistry ?? [];
  const refs = new Set((spec.toolgroups ?? []).map((ref) => ref.split('/')[0]!));
  const added: ToolGroupRegistration[] = [];
  const exposed: string[] = [];
  registered.forEach((group, i) => {
    const j = own.findIndex((g) => g.toolgroupId === group.toolgroupId);
    if (j >= 0 && !sameRegistration(own[j]!, group)) {
      throw new CliError({
        message: `${displayPath(file, cwd)}: toolGroupRegistry[${i}]: tool group '${group.toolgroupId}' is also registered by the spec (toolGroupRegistry[${j}]) with a different definition; unregister one of them ('toolwright groups unregister ${group.toolgroupId}').`,
      });
    }
    if (j < 0) added.push(group);
    if (!refs.has(group.toolgroupId)) exposed.push(group.toolgroupId);
  });
  return { ...spec, toolGroupRegistry: [...own, ...added], toolgroups: [...(spec.toolgroups ?? []), ...exposed] };
}
