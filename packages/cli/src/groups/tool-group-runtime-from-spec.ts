import { resolve } from 'node:path';
import { closestMatch, ToolwrightError } from '@toolwright/sdk';
import type { AgentSpec } from '@toolwright/sdk';
import {
  BingSearchProvider,
  BraveSearchProvider,
  CodeInterpreterProvider,
  hashingEmbedder,
  KeyValueBank,
  KeywordBank,
  McpProvider,
  MemoryProvider,
  TavilySearchProvider,
  ToolGroupRuntime,
  VectorBank,
  WolframAlphaProvider,
} from '@toolwright/providers';
import type { MemoryBank, ToolGroupProvider } from '@toolwright/providers';
import { CliError } from '../cli-error.js';
import { SPEC_PROVIDER_IDS } from './spec-provider-ids.js';

type Options = Record<string, unknown>;

/** Memory banks in `toolProviders.memory.banks`: `[{ id, kind: keyword | key-value | vector, path? }]`. */
function banksOf(options: Options, cwd: string): MemoryBank[] {
  const banks = options.banks ?? [];
  if (!Array.isArray(banks)) throw new CliError({ message: 'toolProviders.memory.banks: expected an array of { id, kind: keyword | key-value | vector, path? }.' });
  return banks.map((raw: unknown, i) => {
    const bank = (typeof raw === 'object' && raw !== null ? raw : {}) as Options;
    const at = `toolProviders.memory.banks[${i}]`;
    if (typeof bank.id !== 'string' || bank.id === '') throw new CliError({ message: `${at}.id: expected a bank id (string).` });
    const path = typeof bank.path === 'string' ? resolve(cwd, bank.path) : undefined;
    switch (bank.kind ?? 'keyword') {
      case 'keyword':
        return new KeywordBank(bank.id, { path });
      case 'key-value':
        return new KeyValueBank(bank.id);
      case 'vector':
        return new VectorBank(bank.id, hashingEmbedder(), { path });
      default:
        throw new CliError({ message: `${at}.kind: expected keyword, key-value or vector, got ${JSON.stringify(bank.kind)}.` });
    }
  });
}

const FACTORIES: Record<string, (options: Options, cwd: string) => ToolGroupProvider> = {
  'brave-search': (o) => new BraveSearchProvider(o),
  'bing-search': (o) => new BingSearchProvider(o),
  'tavily-search': (o) => new TavilySearchProvider(o),
  'wolfram-alpha': (o) => new WolframAlphaProvider(o),
  'code-interpreter': (o) => new CodeInterpreterProvider(o),
  memory: (o, cwd) => new MemoryProvider({ ...o, banks: banksOf(o, cwd) }),
  'model-context-protocol': (o) => new McpProvider(o),
};


function unknownProvider(id: string, where: string): CliError {
  const near = closestMatch(id, SPEC_PROVIDER_IDS);
  return new CliError({ message: `${where}: unknown tool provider '${id}'.${near ? ` Did you mean '${near}'?` : ''} Providers: ${SPEC_PROVIDER_IDS.join(', ')}.` });
}

/**
 * A {@link ToolGroupRuntime} for an agent spec's `toolGroupRegistry` (groups) and `toolProviders`
 * (options per provider; `${VAR}` already replaced): the providers a group uses or the spec
 * configures are built from the spec (the other built-in ones are the runtime's defaults), and
 * nothing is contacted until a group is listed. Mistakes are {@link CliError}s naming the path.
 */
export function toolGroupRuntimeFromSpec(spec: AgentSpec, cwd: string, onWarning?: (message: string) => void): ToolGroupRuntime {
  const groups = spec.toolGroupRegistry ?? [];
  for (const id of Object.keys(spec.toolProviders ?? {})) if (!FACTORIES[id]) throw unknownProvider(id, `toolProviders["${id}"]`);
  const providers = new Map<string, ToolGroupProvider>();
  const build = (providerId: string): void => {
    if (providers.has(providerId)) return;
    try {
      providers.set(providerId, FACTORIES[providerId]!(spec.toolProviders?.[providerId] ?? {}, cwd));
    } catch (error) {
      // A provider's own check of its options (unknown option, wrong kind): name where they are.
      if (ToolwrightError.isInstance(error)) throw new CliError({ message: `toolProviders["${providerId}"]: ${error.message}`, cause: error });
      throw error;
    }
  };
  groups.forEach((group, i) => {
    if (!FACTORIES[group.providerId]) throw unknownProvider(group.providerId, `toolGroupRegistry[${i}].providerId`);
    build(group.providerId);
  });
  // Configured providers no group uses yet are built too, so their status (a key set or not) is theirs, not a default's.
  for (const id of Object.keys(spec.toolProviders ?? {})) build(id);
  const runtime = new ToolGroupRuntime({ providers: [...providers.values()], onWarning });
  try {
    for (const group of groups) runtime.registerToolGroup(group);
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw new CliError({ message: error.message, cause: error });
    throw error;
  }
  return runtime;
}
