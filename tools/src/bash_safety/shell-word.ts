import { homedir } from 'node:os';
import type { Node } from 'web-tree-sitter';

/** One shell word after quote removal, as far as it can be known without running anything. */
export interface ShellWord {
  /** The word's value (for a dynamic word: its source text). */
  value: string;
  /** True when the value depends on the run (a `$VAR`, `$'…'` escapes, `~user`). */
  dynamic: boolean;
  /** True when an unquoted `*`, `?` or `[` makes it a pattern bash expands against file names. */
  glob: boolean;
}

/** The value of an unquoted word: backslashes escape the next character, `\` + newline vanishes. */
function unquoted(text: string): { value: string; glob: boolean } {
  let value = '';
  let glob = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\') {
      const next = text[i + 1];
      i++;
      if (next !== undefined && next !== '\n') value += next;
      continue;
    }
    if (ch === '*' || ch === '?' || ch === '[') glob = true;
    value += ch;
  }
  return { value, glob };
}

/** The value of double-quoted text: only `\"`, `\\`, `\$`, `` \` `` and `\` + newline are escapes. */
function doubleQuoted(text: string): string {
  return text.replace(/\\([\\"$`\n])/g, (_, ch: string) => (ch === '\n' ? '' : ch));
}

/**
 * The value of a word-like node of tree-sitter-bash (`word`, `string`, `raw_string`,
 * `concatenation`, `simple_expansion`, `number`, …). A leading `~` or `~/` becomes the home directory.
 */
export function shellWord(node: Node): ShellWord {
  const word = wordOf(node);
  if (!word.dynamic && node.type !== 'string' && node.type !== 'raw_string') {
    if (word.value === '~' || word.value.startsWith('~/')) return { ...word, value: homedir() + word.value.slice(1) };
    if (word.value.startsWith('~')) return { ...word, dynamic: true };
  }
  return word;
}

function wordOf(node: Node): ShellWord {
  switch (node.type) {
    case 'word':
    case 'number':
    case 'command_name':
    case 'variable_name':
      if (node.type === 'command_name') return node.firstNamedChild ? wordOf(node.firstNamedChild) : { value: '', dynamic: true, glob: false };
      return { ...unquoted(node.text), dynamic: false };
    case 'raw_string':
      return { value: node.text.slice(1, -1), dynamic: false, glob: false };
    case 'string':
    case 'translated_string': {
      let value = '';
      let dynamic = false;
      for (const child of node.namedChildren) {
        if (child.type === 'string_content') value += doubleQuoted(child.text);
        else {
          const inner = wordOf(child);
          value += inner.value;
          dynamic ||= inner.dynamic;
        }
      }
      return { value, dynamic, glob: false };
    }
    case 'concatenation': {
      const parts = node.namedChildren.map(wordOf);
      return { value: parts.map((p) => p.value).join(''), dynamic: parts.some((p) => p.dynamic), glob: parts.some((p) => p.glob) };
    }
    case 'ansi_c_string':
      // `$'\x72m'` is `rm`: without backslashes the value is plain, otherwise it is not trusted.
      return node.text.includes('\\') ? { value: node.text, dynamic: true, glob: false } : { value: node.text.slice(2, -1), dynamic: false, glob: false };
    default:
      return { value: node.text, dynamic: true, glob: false };
  }
}
