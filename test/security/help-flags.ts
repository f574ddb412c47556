/**
 * Reads the flags a command documents from its own help text (`--help`, `-h`, bash's `help`, a
 * git man page), the way a person skimming the option list would: a line whose first words are
 * options (`-o, --output=FILE   description`) defines them; prose that merely mentions a flag does not.
 */

/** One documented flag. */
export interface HelpFlag {
  /** The flag as typed: `-o`, `--output`, `-maxdepth` (find). */
  name: string;
  /** Whether it takes a value: `required` (`-o FILE`, `--output=FILE`), `optional` (`--color[=WHEN]`) or `none`. */
  arg: 'none' | 'required' | 'optional';
  /** The value's placeholder as the help wrote it (`FILE`, `<path>`); empty for `none`. */
  placeholder: string;
  /** How many separate values follow (`jq --arg name value`: 2); 0 for `none`, 1 otherwise. */
  arity: number;
}

/** Options of {@link parseHelpFlags}. */
export interface ParseHelpOptions {
  /** Definition lines are indented at most this much (man pages: 7; prose is deeper). */
  maxIndent?: number;
}

const OPTION = /^(--?[A-Za-z0-9?@#~][\w-]*)(\[=[^\]\s]*\]?\]?|\[[^\s]*\]|=\S+)?,?$/;
const FILLER = new Set([';', '{}', '+', '|', '.', '..']);

/** The flags `text` defines, first definition of each name wins, in order of appearance. */
export function parseHelpFlags(text: string, options: ParseHelpOptions = {}): HelpFlag[] {
  const found = new Map<string, HelpFlag>();
  for (const raw of cleanHelp(text).split('\n')) {
    const indent = raw.length - raw.trimStart().length;
    if (options.maxIndent !== undefined && indent > options.maxIndent) continue;
    const line = raw.trim();
    const flags = /^usage:|^or:/i.test(line) ? usageFlags(line) : line.startsWith('-') ? parseDefinitionHead(definitionHead(line)) : undefined;
    for (const flag of flags ?? []) if (!found.has(flag.name)) found.set(flag.name, flag);
  }
  return [...found.values()];
}

/** Overstrike (`X\bX`, less's help), tabs and less's dot leaders removed. */
function cleanHelp(text: string): string {
  return text
    .split('\b') // overstrike (less's help): X, backspace, X
    .map((part, i, parts) => (i < parts.length - 1 ? part.slice(0, -1) : part))
    .join('')
    .replace(/\t/g, '    ')
    .replace(/(^|\s)\.{1,}(?=\s|$)/g, '$1 ');
}

/** The part of a line before its description: up to the first gap of two spaces not followed by a flag. */
function definitionHead(line: string): string {
  const gap = /\s{2,}(?=[^\s-])/.exec(line);
  return gap ? line.slice(0, gap.index) : line;
}

/** The flags a definition head defines, or undefined when the head is prose. */
function parseDefinitionHead(head: string): HelpFlag[] | undefined {
  const tokens = head.split(/\s+/).filter((t) => t !== '');
  const flags: HelpFlag[] = [];
  let current: HelpFlag | undefined;
  for (const token of tokens) {
    if (FILLER.has(token) || /^[-+]<[^>]+>,?$/.test(token)) continue; // `-<number>`: a count, not a flag
    const option = OPTION.exec(token);
    if (option) {
      current = flagOf(option[1]!, option[2] ?? '');
      flags.push(current);
      continue;
    }
    if (token.startsWith('-') || current === undefined) return undefined;
    if (current.arity >= 2 || /^[a-z]{3,}[,.]?$/.test(token) && !/^(file|dir|path|name|value|var|text|filter|prompt|pattern|tag|tagsfile|debugopts|level)$/.test(token)) {
      return undefined; // a sentence, not placeholders
    }
    const optional = token.startsWith('[');
    current.arg = current.arg === 'none' ? (optional ? 'optional' : 'required') : current.arg;
    current.placeholder = `${current.placeholder} ${token.replace(/^,|,$/g, '')}`.trim();
    current.arity += 1;
  }
  if (flags.length === 0) return undefined;
  // "Mandatory arguments to long options are mandatory for short options too": `-o, --output=FILE`
  // (a placeholder in capitals or <brackets>; `-p, --indicator-style=slash` names a literal value).
  const longs = flags.filter((f) => f.name.startsWith('--'));
  const withArg = longs.find((f) => f.arg === 'required' && /^(<.*>|[A-Z][A-Z_0-9-]*)$/.test(f.placeholder));
  if (withArg && longs.every((f) => f.arg === 'required') && flags.length <= 3) {
    for (const f of flags) if (f.arg === 'none' && /^-[^-]$/.test(f.name)) Object.assign(f, { arg: 'required', placeholder: withArg.placeholder, arity: withArg.arity });
  }
  return flags;
}

/** The bracketed options of a usage line: `usage: which [-a] args`, `[-C <path>]`, `[-v | --version]`. */
function usageFlags(line: string): HelpFlag[] {
  const flags: HelpFlag[] = [];
  for (const group of line.matchAll(/\[(-[^[\]]*(?:\[[^\]]*\][^[\]]*)*)\]/g)) {
    for (const alternative of group[1]!.split('|')) flags.push(...(parseDefinitionHead(alternative.trim()) ?? []));
  }
  return flags;
}

function flagOf(name: string, attached: string): HelpFlag {
  if (attached === '') return { name, arg: 'none', placeholder: '', arity: 0 };
  const optional = attached.startsWith('[');
  const placeholder = attached.replace(/,$/, '').replace(/^\[?=?\[?|\]?\]$/g, '');
  return { name, arg: optional ? 'optional' : 'required', placeholder, arity: 1 };
}
