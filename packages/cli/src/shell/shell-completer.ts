/** Words the shell understands besides tool names. */
export const SHELL_COMMANDS = ['call', 'schema', 'help', 'list', 'exit', 'quit'] as const;

/** What the completer needs to know about the toolset. */
export interface CompletionSource {
  /** Current tool names. */
  names(): readonly string[];
  /** A skeleton of a tool's arguments (its required fields), as JSON text. */
  argumentSkeleton?(name: string): string | undefined;
}

function matching(prefix: string, words: readonly string[]): string[] {
  return words.filter((w) => w.startsWith(prefix)).sort();
}

/**
 * A `readline` completer: the first word completes to tool names and shell commands,
 * `help|call|schema <word>` to tool names, and `<tool> ` or `call <tool> ` (nothing typed after
 * it) to a skeleton of the tool's required arguments.
 */
export function createCompleter(source: CompletionSource): (line: string) => [string[], string] {
  return (line) => {
    const named = /^\s*(?:help|call|schema)\s+(\S*)$/.exec(line);
    if (named) return [matching(named[1]!, source.names()), named[1]!];
    const first = /^\s*(\S*)$/.exec(line);
    if (first) {
      const words = [...source.names(), ...SHELL_COMMANDS];
      return [matching(first[1]!, words), first[1]!];
    }
    const tool = /^\s*(?:call\s+)?(\S+)\s+$/.exec(line);
    if (tool && source.names().includes(tool[1]!)) {
      const skeleton = source.argumentSkeleton?.(tool[1]!);
      if (skeleton !== undefined) return [[skeleton], ''];
    }
    return [[], line];
  };
}
