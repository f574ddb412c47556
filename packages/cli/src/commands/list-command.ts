import { turnValuesOf } from '../args/context-values.js';
import { flag } from '../args/parse-command-line.js';
import { ExitCode } from '../cli-error.js';
import { renderToolTable, toolRowJson } from '../format/tool-table.js';
import type { CommandContext } from './command-context.js';
import { withToolset } from './command-context.js';

/** `toolwright list [--json] [--context k=v]...`: the tools of a turn's view (toolsets resolved for the context) as a table, or as JSON for scripts. */
export async function listCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const values = turnValuesOf(line, 'list');
  return withToolset(context, async (toolset) => {
    const rows = await toolset.turnRows(values);
    if (flag(line.values, 'json')) term.out(JSON.stringify(rows.map(toolRowJson), null, 2));
    else term.out(renderToolTable(rows, term.c, term.columns));
    return ExitCode.OK;
  });
}
