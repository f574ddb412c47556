const OPENERS = new Set(['if', 'case', 'for', 'while', 'until', 'select']);
const CLOSERS = new Set(['fi', 'esac', 'done']);
/** Words after which the next word is again in command position. */
const COMMAND_PREFIXES = new Set(['then', 'do', 'else', 'elif', '!', 'time']);

interface Heredoc {
  delimiter: string;
  stripTabs: boolean;
}

/**
 * Splits shell input into its top-level commands, the ones separated by newlines. Newlines inside
 * quotes, `$( )`, `( )`, `{ }`, `if … fi`, `case … esac`, loops, heredoc bodies, after a trailing
 * `\`, `|`, `&&` or `||` do not separate. Comment-only and blank lines are not commands. The input
 * is a lexical approximation of bash's grammar, good enough to tell "one command" from "several".
 */
export function splitCommands(source: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let blocks = 0; // { } and keyword blocks (if … fi, case … esac, loops)
  let parens = 0; // ( ) and $( )
  let quote: string | undefined;
  let word = '';
  let commandStart = true;
  let continues = false; // the line ends with | && || or \
  const heredocs: Heredoc[] = [];
  const endWord = (): void => {
    if (word === '') return;
    if (commandStart && OPENERS.has(word)) blocks++;
    else if (commandStart && CLOSERS.has(word)) blocks = Math.max(0, blocks - 1);
    commandStart = commandStart && COMMAND_PREFIXES.has(word);
    if (!COMMAND_PREFIXES.has(word) && !OPENERS.has(word) && !CLOSERS.has(word)) continues = false;
    word = '';
  };
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (quote) {
      if (ch === '\\' && quote !== "'") i++;
      else if (ch === quote[quote.length - 1]) quote = undefined;
      i++;
      continue;
    }
    if (ch === '\\') {
      if (source[i + 1] === '\n') continues = true;
      word += source.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      quote = word.endsWith('$') && ch === "'" ? "$'" : ch;
      word += ch;
      i++;
      continue;
    }
    if (ch === '#' && word === '') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (ch === '<' && source.startsWith('<<', i) && source[i + 2] !== '<') {
      endWord();
      const match = /^<<(-?)\s*(['"]?)([^\s'"();&|<>]+)\2/.exec(source.slice(i));
      if (match) {
        heredocs.push({ delimiter: match[3]!.replace(/\\/g, ''), stripTabs: match[1] === '-' });
        i += match[0].length;
        continue;
      }
    }
    if (ch === '\n') {
      endWord();
      i++;
      for (const doc of heredocs.splice(0)) i = skipHeredoc(source, i, doc);
      if (blocks === 0 && parens === 0 && !continues) {
        pieces.push(source.slice(start, i));
        start = i;
      }
      commandStart = true;
      continues = false;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      endWord();
      i++;
      continue;
    }
    if ('();&|{}'.includes(ch)) {
      if (ch === '{' || ch === '}') {
        // Braces are grouping only as separate words in command position; `${x}` and `a{b,c}` are words.
        if (word === '' && (ch === '}' || commandStart) && /[\s;&|)]|$/.test(source[i + 1] ?? '')) {
          blocks = ch === '{' ? blocks + 1 : Math.max(0, blocks - 1);
          commandStart = ch === '{';
        } else word += ch;
        i++;
        continue;
      }
      const wasDollar = word.endsWith('$');
      endWord();
      if (ch === '(') parens++;
      else if (ch === ')' && parens > 0) parens--; // a `case` pattern's `)` closes nothing
      const two = source.slice(i, i + 2);
      continues = ch === '|' || two === '&&';
      i += two === '&&' || two === '||' || two === ';;' ? 2 : 1;
      commandStart = !wasDollar || ch !== '(';
      continue;
    }
    word += ch;
    i++;
  }
  pieces.push(source.slice(start));
  return pieces.map((p) => p.trim()).filter((p) => p !== '' && !isOnlyComments(p));
}

function skipHeredoc(source: string, from: number, doc: Heredoc): number {
  let i = from;
  while (i < source.length) {
    const end = source.indexOf('\n', i);
    const line = source.slice(i, end === -1 ? source.length : end);
    i = end === -1 ? source.length : end + 1;
    if ((doc.stripTabs ? line.replace(/^\t+/, '') : line) === doc.delimiter) break;
  }
  return i;
}

function isOnlyComments(piece: string): boolean {
  return piece.split('\n').every((line) => line.trim() === '' || line.trim().startsWith('#'));
}
