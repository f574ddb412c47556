/**
 * The flags of every command under test, read from the help of the versions installed here and
 * cached in `test/security/data/help-flags.json` so that `npm test` samples the same commands on
 * every machine. `npm run fuzz:shell -- --refresh-flags` rewrites the cache; every full fuzz run
 * compares it with the live help and names the drift.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { CommandSpec } from './command-specs.js';
import { parseHelpFlags } from './help-flags.js';
import type { HelpFlag } from './help-flags.js';

/** Flags per command name (`sort`, `git log`). */
export type FlagTable = Record<string, HelpFlag[]>;

/** The cache file's content. */
interface FlagTableFile {
  /** How the table was made (for a reader of the JSON). */
  source: string;
  /** Version lines of the documented programs. */
  versions: Record<string, string>;
  flags: FlagTable;
}

/** Runs every spec's help sources on this machine and parses their flags. */
export function readLiveFlagTable(specs: readonly CommandSpec[]): FlagTable {
  const table: FlagTable = {};
  for (const spec of specs) {
    const merged = new Map<string, HelpFlag>();
    for (const source of spec.help) {
      const text = runForText(source.argv);
      for (const flag of parseHelpFlags(text, { maxIndent: source.maxIndent })) if (!merged.has(flag.name)) merged.set(flag.name, flag);
    }
    if (merged.size === 0 && spec.name !== 'pwd') throw new Error(`No flags found in the help of '${spec.name}' (${spec.help.map((h) => h.argv.join(' ')).join('; ')}): is it installed?`);
    table[spec.name] = [...merged.values()];
  }
  return table;
}

/** The cached table; fails naming the commands it lacks. */
export function loadFlagTable(file: string, specs: readonly CommandSpec[]): FlagTable {
  const { flags } = JSON.parse(readFileSync(file, 'utf8')) as FlagTableFile;
  const missing = specs.filter((s) => flags[s.name] === undefined).map((s) => s.name);
  if (missing.length > 0) throw new Error(`${file} has no flags for ${missing.join(', ')}: run \`npm run fuzz:shell -- --refresh-flags\``);
  return flags;
}

/** Writes the cache with the versions it was read from. */
export function writeFlagTable(file: string, table: FlagTable, specs: readonly CommandSpec[]): void {
  const programs = [...new Set(specs.map((s) => s.name.split(' ')[0]!))].filter((p) => !['pwd', 'echo', 'printf', 'test'].includes(p));
  const versions: Record<string, string> = { bash: runForText(['bash', '--version']).split('\n')[0]! };
  for (const program of programs) versions[program] = runForText([program, '--version']).split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  const content: FlagTableFile = { source: 'parsed from --help / -h / bash help / git man pages on Debian by test/security/help-flags.ts', versions, flags: table };
  // One flag a line, so a refresh reads as a diff of flags.
  const commands = Object.entries(content.flags).map(([name, flags]) => `  ${JSON.stringify(name)}: [\n${flags.map((f) => `   ${JSON.stringify(f)}`).join(',\n')}\n  ]`);
  const head = JSON.stringify({ source: content.source, versions: content.versions }, null, 1).slice(0, -2);
  writeFileSync(file, `${head},\n "flags": {\n${commands.join(',\n')}\n }\n}\n`);
}

/** Per command, the flags one table has and the other lacks (`+` live only, `-` cache only). */
export function flagTableDrift(cached: FlagTable, live: FlagTable): string[] {
  const lines: string[] = [];
  for (const name of Object.keys(live)) {
    const had = new Set((cached[name] ?? []).map((f) => f.name));
    const has = new Set(live[name]!.map((f) => f.name));
    const added = [...has].filter((f) => !had.has(f));
    const removed = [...had].filter((f) => !has.has(f));
    if (added.length + removed.length > 0) lines.push(`${name}: ${[...added.map((f) => `+${f}`), ...removed.map((f) => `-${f}`)].join(' ')}`);
  }
  return lines;
}

function runForText(argv: readonly string[]): string {
  const result = spawnSync(argv[0]!, argv.slice(1), {
    encoding: 'utf8',
    input: '',
    timeout: 20_000,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C', LC_ALL: 'C', MANWIDTH: '200', MAN_KEEP_FORMATTING: '', TERM: 'dumb' },
  });
  return `${result.stdout ?? ''}\n${result.stderr ?? ''}`;
}
