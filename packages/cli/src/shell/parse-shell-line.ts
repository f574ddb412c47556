import { closestMatch } from '@toolwright/sdk';
import type { ToolFormat } from '@toolwright/sdk';

/** The formats `schema --format` takes (as the `schema` command). */
const FORMATS: readonly ToolFormat[] = ['openai', 'responses', 'anthropic', 'gemini', 'mcp'];

/** One line of the interactive shell, understood. */
export type ShellLine =
  | { kind: 'empty' }
  | { kind: 'exit' }
  | { kind: 'list' }
  | { kind: 'help'; tool?: string }
  /** `args`: the JSON text (shell quotes removed), `@FILE`, or '' for `{}`. */
  | { kind: 'call'; tool: string; args: string; timeoutSeconds?: string }
  | { kind: 'schema'; tools: string[]; format: ToolFormat; strict: boolean; securityRisk: boolean; summary: boolean }
  | { kind: 'error'; message: string };

/** `'…'` around the whole text (as a shell would take it, `'\''` inside) removed; anything else as it is. */
function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) {
    const inner = text.slice(1, -1);
    if (!inner.replace(/'\\''/g, '').includes("'")) return inner.replace(/'\\''/g, "'");
  }
  return text;
}

/** Splits `word rest` at the first run of whitespace. */
function splitWord(line: string): [string, string] {
  const match = /^(\S+)\s*([\s\S]*)$/.exec(line.trim());
  return match ? [match[1]!, match[2]!.trim()] : ['', ''];
}

function parseCall(rest: string): ShellLine {
  const [tool, rawArgs] = splitWord(rest);
  let args = rawArgs;
  if (tool === '') return { kind: 'error', message: "call: which tool? Usage: call TOOL ['JSON' | @FILE] [--timeout S]" };
  let timeoutSeconds: string | undefined;
  const timeout = /(?:^|\s)--timeout(?:\s+|=)(\S+)$/.exec(args);
  if (timeout) {
    timeoutSeconds = timeout[1]!;
    args = args.slice(0, timeout.index).trim();
  }
  if (args === '-') return { kind: 'error', message: "call: '-' (arguments from stdin) works on the command line only; in the shell type the JSON, or @FILE." };
  return { kind: 'call', tool, args: unquote(args), ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }) };
}

function parseSchema(rest: string): ShellLine {
  const words = rest.split(/\s+/).filter((w) => w !== '');
  const out = { kind: 'schema' as const, tools: [] as string[], format: 'openai' as ToolFormat, strict: false, securityRisk: false, summary: false };
  for (let i = 0; i < words.length; i++) {
    const word = unquote(words[i]!);
    if (word === '--strict') out.strict = true;
    else if (word === '--security-risk') out.securityRisk = true;
    else if (word === '--summary') out.summary = true;
    else if (word === '--format' || word.startsWith('--format=')) {
      const value = word === '--format' ? words[++i] : word.slice('--format='.length);
      if (value === undefined) return { kind: 'error', message: `schema: --format needs a value: ${FORMATS.join(', ')}.` };
      if (!(FORMATS as readonly string[]).includes(value)) {
        const guess = closestMatch(value, FORMATS);
        return { kind: 'error', message: `schema: unknown format '${value}'.${guess ? ` Did you mean '${guess}'?` : ''} Expected one of: ${FORMATS.join(', ')}.` };
      }
      out.format = value as ToolFormat;
    } else if (word.startsWith('--')) return { kind: 'error', message: `schema: unknown option '${word}'; options: --format F, --strict, --security-risk, --summary.` };
    else out.tools.push(word);
  }
  return out;
}

/**
 * Reads a shell line. Besides `<tool> {json}`, the shell takes the commands as the CLI docs write
 * them, so a line copied from the docs works: `call TOOL 'JSON'` (shell quotes around the JSON are
 * removed; `@FILE` and `--timeout S` as on the command line), `schema [TOOL…] [--format F]
 * [--strict] [--security-risk] [--summary]` and `help [TOOL]`, optionally after `toolwright` or
 * `npx toolwright`. These words win over tool names: a tool named `call`, `schema`, `help`,
 * `list`, `exit` or `quit` is run with `call NAME …`.
 */
export function parseShellLine(input: string): ShellLine {
  let [word, rest] = splitWord(input);
  if (word === 'npx' && /^toolwright(\s|$)/.test(rest)) [word, rest] = splitWord(rest);
  if (word === 'toolwright') [word, rest] = splitWord(rest);
  switch (word) {
    case '':
      return { kind: 'empty' };
    case 'exit':
    case 'quit':
      return { kind: 'exit' };
    case 'list':
      return { kind: 'list' };
    case 'help':
      return rest === '' ? { kind: 'help' } : { kind: 'help', tool: rest };
    case 'call':
      return parseCall(rest);
    case 'schema':
      return parseSchema(rest);
    default:
      return { kind: 'call', tool: word, args: unquote(rest) };
  }
}
