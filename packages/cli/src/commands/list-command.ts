import { flag, listOption } from '../args/parse-command-line.js';
import { CliError, ExitCode } from '../cli-error.js';
import { renderToolTable, toolRowJson } from '../format/tool-table.js';
import type { CommandContext } from './command-context.js';
import { withToolset } from './command-context.js';

/** `--context key=value` options as the turn's values; a value without `=` is a usage error. */
export function contextValues(texts: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const text of texts) {
    const at = text.indexOf('=');
    if (at <= 0) throw new CliError({ message: `--context expects KEY=VALUE, got '${text}'.`, command: 'list' });
    values[text.slice(0, at)] = text.slice(at + 1);
  }
  return values;
}

/** `toolwright list [--json] [--context k=v]...`: the tools of a turn's view (toolsets resolved for the context) as a table, or as JSON for scripts. */
export async function listCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const values = contextValues(listOption(line.values, 'context'));
  return withToolset(context, async (toolset) => {
    const rows = await toolset.turnRows(values);
    if (flag(line.values, 'json')) term.out(JSON.stringify(rows.map(toolRowJson), null, 2));
    else term.out(renderToolTable(rows, term.c, term.columns));
    return ExitCode.OK;
  });
}
