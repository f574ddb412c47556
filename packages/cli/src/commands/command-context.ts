import { listOption, stringOption } from '../args/parse-command-line.js';
import type { CommandLine } from '../args/parse-command-line.js';
import { CliError } from '../cli-error.js';
import type { Terminal } from '../io/terminal.js';
import type { OpenedToolset } from '../toolset/opened-toolset.js';
import type { ApprovalHandler } from '@toolwright/sdk/policy';
import type { ServerRequestAnswers } from '../server-requests/server-request-answers.js';
import type { ToolGroupRuntime } from '@toolwright/providers';
import { readPolicyFlags } from '../policy/policy-flags.js';
import type { PolicyFlags } from '../policy/policy-flags.js';

/** What a command runs with. */
export interface CommandContext {
  /** The parsed command line. */
  line: CommandLine;
  /** Output streams and colours. */
  term: Terminal;
  /** Builds the toolset of `--spec` / `--import` (the embedded default without them). */
  openToolset(extra?: { approval?: ApprovalHandler; upstream?: boolean; serverRequests?: ServerRequestAnswers; policyRequired?: boolean; conversationId?: string }): Promise<OpenedToolset>;
  /** The spec's tool groups in a runtime (`groups` command), registered and not yet contacted. */
  openToolGroups?(): Promise<{ runtime: ToolGroupRuntime }>;
}

/** `--spec`, `--import`, `--preset` and `--groups-file` as `openToolset` options. */
export function toolsetSource(line: CommandLine): { spec?: string; imports: string[]; preset?: string; groupsFile?: string; policyFlags: PolicyFlags } {
  return { spec: stringOption(line.values, 'spec'), imports: listOption(line.values, 'import'), preset: stringOption(line.values, 'preset'), groupsFile: stringOption(line.values, 'groups-file'), policyFlags: readPolicyFlags(line.values) };
}

/** An unknown tool name: the closest name, and the available ones. */
export function unknownTool(name: string, toolset: OpenedToolset): CliError {
  const guess = toolset.suggest(name);
  const names = toolset.names();
  return new CliError({
    message: `Unknown tool '${name}'.${guess ? ` Did you mean '${guess}'?` : ''}`,
    hint: `Available: ${names.length > 0 ? names.join(', ') : '(none)'}. See 'toolwright list'.`,
  });
}

/** Runs `body` with the toolset and closes it afterwards, whatever happens. */
export async function withToolset<T>(context: CommandContext, body: (toolset: OpenedToolset) => Promise<T>): Promise<T> {
  const toolset = await context.openToolset();
  try {
    return await body(toolset);
  } finally {
    await toolset.close();
  }
}
