import type { ToolGroupRegistration } from '@toolwright/sdk';
import { closestMatch } from '@toolwright/sdk';
import { CliError } from '../cli-error.js';
import { SPEC_PROVIDER_IDS } from './spec-provider-ids.js';

/** The flags of `groups register`. */
export interface RegistrationFlags {
  /** `--provider ID`. */
  provider?: string;
  /** `--mcp-endpoint URL`. */
  mcpEndpoint?: string;
  /** `--mcp-transport http|sse`. */
  mcpTransport?: string;
  /** `--arg KEY=VALUE`, repeatable. */
  args: readonly string[];
  /** `--tool-prefix P`. */
  toolPrefix?: string;
  /** `--concurrency serial|parallel`. */
  concurrency?: string;
}

const USAGE = 'toolwright groups register GROUP --provider ID [--mcp-endpoint URL] [--mcp-transport http|sse] [--arg KEY=VALUE]... [--tool-prefix P] [--concurrency serial|parallel]';

/**
 * `KEY=VALUE` → a fixed argument. The value is read as JSON when it is JSON (`5`, `true`,
 * `["a"]`, `{"k":1}`, `"quoted"`), otherwise taken as a plain string.
 */
function parseArg(text: string): [string, unknown] {
  const eq = text.indexOf('=');
  const key = eq < 0 ? '' : text.slice(0, eq);
  if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,99}$/.test(key)) {
    throw new CliError({ command: 'groups', message: `--arg: expected KEY=VALUE with KEY made of letters, digits and '_ . -' (e.g. --arg max_results=5), got '${text.slice(0, 60)}'.`, hint: `Usage: ${USAGE}` });
  }
  const raw = text.slice(eq + 1);
  try {
    return [key, JSON.parse(raw) as unknown];
  } catch {
    return [key, raw];
  }
}

/**
 * The registration `groups register GROUP --provider …` asks for. Mistakes are {@link CliError}s
 * naming the flag: no provider, an unknown one (with the closest id), a transport other than
 * `http`/`sse`, a transport without an endpoint, an `--arg` that is not `KEY=VALUE` or repeats a key.
 * The group id itself is checked with the spec's rules by the caller.
 */
export function registrationFromFlags(toolgroupId: string, flags: RegistrationFlags): ToolGroupRegistration {
  if (flags.provider === undefined || flags.provider === '') {
    throw new CliError({ command: 'groups', message: `register: --provider is required (one of ${SPEC_PROVIDER_IDS.join(', ')}).`, hint: `Usage: ${USAGE}` });
  }
  if (!SPEC_PROVIDER_IDS.includes(flags.provider)) {
    const near = closestMatch(flags.provider, SPEC_PROVIDER_IDS);
    throw new CliError({ command: 'groups', message: `--provider: unknown tool provider '${flags.provider}'.${near ? ` Did you mean '${near}'?` : ''} Providers: ${SPEC_PROVIDER_IDS.join(', ')}.` });
  }
  const registration: ToolGroupRegistration = { toolgroupId, providerId: flags.provider };
  if (flags.mcpTransport !== undefined) {
    if (flags.mcpTransport !== 'http' && flags.mcpTransport !== 'sse') throw new CliError({ command: 'groups', message: `--mcp-transport: expected http (Streamable HTTP) or sse, got '${flags.mcpTransport}'.` });
    if (flags.mcpEndpoint === undefined) throw new CliError({ command: 'groups', message: '--mcp-transport goes with --mcp-endpoint URL.', hint: `Usage: ${USAGE}` });
  }
  if (flags.mcpEndpoint !== undefined) registration.mcpEndpoint = flags.mcpTransport === undefined ? flags.mcpEndpoint : { uri: flags.mcpEndpoint, transport: flags.mcpTransport as 'http' | 'sse' };
  if (flags.args.length > 0) {
    const args: Record<string, unknown> = {};
    for (const text of flags.args) {
      const [key, value] = parseArg(text);
      if (Object.hasOwn(args, key)) throw new CliError({ command: 'groups', message: `--arg: '${key}' is given twice.` });
      args[key] = value;
    }
    registration.args = args;
  }
  if (flags.toolPrefix !== undefined) registration.toolPrefix = flags.toolPrefix;
  if (flags.concurrency !== undefined) {
    if (flags.concurrency !== 'serial' && flags.concurrency !== 'parallel') {
      throw new CliError({ command: 'groups', message: `--concurrency: expected serial (the group's tools that may write run one at a time; the default) or parallel (they may run at the same time), got '${flags.concurrency}'.` });
    }
    registration.concurrency = flags.concurrency;
  }
  return registration;
}
