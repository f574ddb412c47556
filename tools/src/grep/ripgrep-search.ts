import { isNameGlob } from './include-filter.js';

/** What {@link ripgrepSearch} found: absolute paths of matching files, or why ripgrep could not run the search. */
export type RipgrepResult = { ok: true; paths: string[] } | { ok: false; reason: string };

/** Options of {@link ripgrepSearch}. */
export interface RipgrepSearchOptions {
  /** The ripgrep command (default `rg`). */
  command?: string;
  /** A file-name glob applied by ripgrep itself (a type filter, so ignore rules still apply). */
  include?: string;
  /** Receives each matching path as ripgrep prints it (to work while it still searches). */
  onPath?: (path: string) => void;
  signal?: AbortSignal;
}

const MAX_STDERR = 8_192;

/**
 * Runs `rg --files-with-matches --ignore-case` over `dir` with fixed ignore settings (`.gitignore`
 * files inside the tree only, no global or parent ignores, no config file), so that the file set
 * does not depend on the machine, and ASCII character classes as JavaScript has them. A pattern or glob ripgrep rejects (look-around, backreferences…)
 * is reported as `ok: false` so the caller can use the JavaScript search instead; so is
 * any failure that produced no result (exit code 2 with per-file errors but some matches is a result).
 */
export function ripgrepSearch(pattern: string, dir: string, options: RipgrepSearchOptions = {}): Promise<RipgrepResult> {
  const args = [
    '--no-config',
    '--files-with-matches',
    '--null',
    '--ignore-case',
    '--no-unicode', // \w, \b, \d, \s as ASCII classes, as in the JavaScript regex
    '--no-require-git',
    '--no-ignore-parent',
    '--no-ignore-global',
    '--no-ignore-exclude',
    '--no-ignore-dot',
  ];
  if (isNameGlob(options.include)) args.push('--type-add', `twinclude:${options.include}`, '--type', 'twinclude');
  args.push('--regexp', pattern, '--', dir);
  return new Promise((resolve, reject) => {
    const child = process.getBuiltinModule('node:child_process').spawn(options.command ?? 'rg', args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const paths: string[] = [];
    let partial = '';
    let err = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\0');
      partial = parts.pop()!;
      for (const path of parts) {
        paths.push(path);
        options.onPath?.(path);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < MAX_STDERR) err += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || code === 1 || (code === 2 && paths.length > 0)) resolve({ ok: true, paths });
      else resolve({ ok: false, reason: err.trim() || `rg exited with code ${code}` });
    });
  });
}
