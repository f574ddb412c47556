import type { ExportOptions, ExportWarning, ToolDefinition, ToolFormat } from '@toolwright/sdk';
import { closestMatch } from '@toolwright/sdk';
import { flag, stringOption } from '../args/parse-command-line.js';
import { CliError, ExitCode } from '../cli-error.js';
import type { Terminal } from '../io/terminal.js';
import type { CommandContext } from './command-context.js';
import { unknownTool, withToolset } from './command-context.js';

/** The formats `schema --format` takes. */
export const SCHEMA_FORMATS: readonly ToolFormat[] = ['openai', 'responses', 'anthropic', 'gemini', 'mcp'];

/** One tool in a provider's format; `undefined` when the format cannot offer it (see `ToolDefinition.toGeminiTool`). */
export function exportTool(tool: ToolDefinition, format: ToolFormat, options: ExportOptions): unknown {
  switch (format) {
    case 'openai':
      return tool.toOpenAITool(options);
    case 'responses':
      return tool.toResponsesTool(options);
    case 'anthropic':
      return tool.toAnthropicTool(options);
    case 'gemini':
      return tool.toGeminiTool(options);
    case 'mcp':
      return tool.toMcpTool();
  }
}

/**
 * Prints what an export gave up on stderr, in the CLI's warning style (`toolwright: warning: …`,
 * then each JSON path): a tool `--format gemini` leaves out because Gemini could not call it is
 * never dropped silently.
 */
export function warnOnStderr(term: Terminal): (warning: ExportWarning) => void {
  return (warning) => term.errUntrusted([`toolwright: warning: ${warning.message}`, ...warning.problems.map((p) => `  ${p.path}: ${p.message}`)].join('\n'));
}

function parseFormat(value: string | undefined): ToolFormat {
  if (value === undefined) return 'openai';
  if ((SCHEMA_FORMATS as readonly string[]).includes(value)) return value as ToolFormat;
  const guess = closestMatch(value, SCHEMA_FORMATS);
  throw new CliError({
    message: `unknown format '${value}'.${guess ? ` Did you mean '${guess}'?` : ''}`,
    command: 'schema',
    hint: `Expected one of: ${SCHEMA_FORMATS.join(', ')}.`,
  });
}

/**
 * `toolwright schema [TOOL…] --format F [--strict] [--security-risk] [--summary]`: the JSON array
 * of tool declarations in the provider's format, on stdout (all tools, or the named ones in the
 * order given).
 */
export function schemaCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const format = parseFormat(stringOption(line.values, 'format'));
  const options: ExportOptions = { strict: flag(line.values, 'strict'), securityRisk: flag(line.values, 'security-risk'), summary: flag(line.values, 'summary'), onWarning: warnOnStderr(term) };
  return withToolset(context, async (toolset) => {
    const tools = line.positionals.length === 0 ? toolset.tools() : line.positionals.map((name) => toolset.tool(name) ?? throwUnknown(name));
    term.out(JSON.stringify(tools.map((tool) => exportTool(tool, format, options)).filter((exported) => exported !== undefined), null, 2));
    return ExitCode.OK;

    function throwUnknown(name: string): never {
      throw unknownTool(name, toolset);
    }
  });
}
