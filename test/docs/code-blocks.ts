/** A fenced code block of a Markdown file. */
export interface CodeBlock {
  /** The Markdown file, relative to the repository. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string's first word ('' when unlabelled). */
  language: string;
  /** The block's text (without the fences). */
  code: string;
  /** The path of an `<!-- excerpt: path -->` line right above the fence (blank lines allowed between). */
  excerpt?: string;
}

const EXCERPT = /^<!--\s*excerpt:\s*(\S+)\s*-->$/;
/** A line of a block that stands for lines left out. */
const ELISION = /^\s*(\/\/|#)\s*…\s*$/;

/** The fenced code blocks of `markdown` (backtick fences; nested fences are not used in our docs). */
export function codeBlocksOf(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(.*)$/.exec(lines[i]!);
    if (open === null) continue;
    const indent = open[1]!;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!);
    if (j >= lines.length) throw new Error(`${file}:${i + 1}: unclosed code fence`);
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === '') k--;
    const excerpt = k >= 0 ? EXCERPT.exec(lines[k]!.trim())?.[1] : undefined;
    const block: CodeBlock = { file, line: i + 1, language: open[2]!.trim().split(/\s+/)[0] ?? '', code: body.join('\n') };
    if (excerpt !== undefined) block.excerpt = excerpt;
    blocks.push(block);
    i = j;
  }
  return blocks;
}

/**
 * Why `block` is not a verbatim excerpt of `source`, or undefined. The block is cut at elision
 * lines (`// …`, `# …`) into chunks; each chunk must appear in `source` as consecutive lines, in
 * order, each chunk at one indentation (a chunk may be shown dedented). Trailing spaces are ignored.
 */
export function excerptProblem(block: string, source: string): string | undefined {
  const file = source.split('\n').map((l) => l.trimEnd());
  const chunks: string[][] = [[]];
  for (const line of block.split('\n').map((l) => l.trimEnd())) {
    if (ELISION.test(line)) chunks.push([]);
    else chunks[chunks.length - 1]!.push(line);
  }
  let from = 0;
  for (const chunk of chunks) {
    while (chunk.length > 0 && chunk[0] === '') chunk.shift();
    while (chunk.length > 0 && chunk[chunk.length - 1] === '') chunk.pop();
    if (chunk.length === 0) continue;
    const at = findChunk(chunk, file, from);
    if (at === undefined) {
      const firstMissing = chunk.find((line) => line !== '' && !file.some((f) => f.trimStart() === line.trimStart()));
      return firstMissing !== undefined ? `no line '${firstMissing.trim()}'` : `lines from '${chunk[0]!.trim()}' are not consecutive there, or out of order`;
    }
    from = at + chunk.length;
  }
  return undefined;
}

function findChunk(chunk: string[], file: string[], from: number): number | undefined {
  for (let p = from; p + chunk.length <= file.length; p++) {
    const first = file[p]!;
    if (!first.endsWith(chunk[0]!)) continue;
    const prefix = first.slice(0, first.length - chunk[0]!.length);
    if (prefix.trim() !== '') continue;
    if (chunk.every((line, i) => (line === '' ? file[p + i] === '' : file[p + i] === prefix + line))) return p;
  }
  return undefined;
}

/** A command a shell block runs that the docs test can check. */
export type ShellCommand =
  | { kind: 'toolwright'; name: string; flags: string[] }
  | { kind: 'npm-run'; name: string }
  | { kind: 'example'; name: string };

/** The `toolwright …`, `npm run …` and `node examples/dist/….js` commands of a shell block. */
export function shellCommandsOf(script: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  for (const raw of script.split('\n')) {
    const line = raw.replace(/(^|\s)#.*$/, '').replace(/'[^']*'|"[^"]*"/g, "''");
    for (const segment of line.split(/&&|\|\||[|;]/)) {
      const words = segment.trim().split(/\s+/).filter((w) => w !== '');
      const at = words.findIndex((w) => w === 'toolwright' || w === '@toolwright/cli' || w.endsWith('packages/cli/dist/bin.js'));
      if (at >= 0 && (at === 0 || ['npx', 'node'].includes(words[at - 1]!))) {
        const rest = words.slice(at + 1);
        const name = rest[0] !== undefined && /^[a-z][a-z-]*$/.test(rest[0]) ? rest[0] : '';
        const flags = rest.filter((w) => /^--[a-z]/.test(w)).map((w) => w.replace(/=.*$/, ''));
        commands.push({ kind: 'toolwright', name, flags });
        continue;
      }
      if (words[0] === 'npm' && words[1] === 'run' && words[2] !== undefined) commands.push({ kind: 'npm-run', name: words[2] });
      const example = words[0] === 'node' ? /^examples\/dist\/(.+)\.js$/.exec(words[1] ?? '') : null;
      if (example !== null) commands.push({ kind: 'example', name: example[1]! });
    }
  }
  return commands;
}
