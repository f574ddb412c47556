import type { ChalkInstance } from 'chalk';
import { COMMANDS, GLOBAL_OPTIONS } from './command-table.js';
import type { CommandName } from './command-table.js';
import type { OptionSpec } from './option-spec.js';

function optionLines(options: Record<string, OptionSpec>, c: ChalkInstance): string[] {
  const cells = Object.entries(options).map(([name, o]) => {
    const short = o.short ? `-${o.short}, ` : '';
    return [`${short}--${name}${o.value ? ` ${o.value}` : ''}`, o.help] as const;
  });
  const width = Math.max(...cells.map(([left]) => left.length));
  return cells.map(([left, help]) => `  ${c.cyan(left.padEnd(width))}  ${help}`);
}

/** The overview printed by `toolwright help` and `toolwright --help`. */
export function renderOverview(c: ChalkInstance): string {
  const names = (Object.keys(COMMANDS) as CommandName[]).filter((n) => n !== 'shell');
  const width = Math.max(...names.map((n) => n.length));
  return [
    `${c.bold('toolwright')} — explore, call and serve a toolset (native tools and MCP servers)`,
    '',
    c.bold('Usage:'),
    `  ${COMMANDS.shell.usage}   ${c.dim(COMMANDS.shell.summary)}`,
    '  toolwright <command> [options]',
    '',
    c.bold('Commands:'),
    ...names.map((n) => `  ${c.cyan(n.padEnd(width))}  ${COMMANDS[n].summary}`),
    '',
    c.bold('Options for every command:'),
    ...optionLines(GLOBAL_OPTIONS, c),
    '',
    `Run ${c.cyan('toolwright help <command>')} for a command's options.`,
  ].join('\n');
}

/** The help of one command. */
export function renderCommandHelp(command: CommandName, c: ChalkInstance): string {
  const spec = COMMANDS[command];
  const lines = [`${c.bold('Usage:')} ${spec.usage}`, '', spec.summary];
  if (Object.keys(spec.options).length > 0) lines.push('', c.bold('Options:'), ...optionLines(spec.options, c));
  lines.push('', c.bold('Options for every command:'), ...optionLines(GLOBAL_OPTIONS, c));
  if (spec.examples.length > 0) lines.push('', c.bold('Examples:'), ...spec.examples.map((e) => `  ${e}`));
  return lines.join('\n');
}
