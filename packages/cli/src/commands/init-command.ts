import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, ExitCode } from '../cli-error.js';
import type { CommandContext } from './command-context.js';

/** The project template, shipped in the package beside dist/ (files end in `.tmpl`). */
const TEMPLATE = fileURLToPath(new URL('../../templates/init/', import.meta.url));

/** Template file names that differ from what is written (npm would drop a packaged `.gitignore`). */
const RENAMED: Readonly<Record<string, string>> = { gitignore: '.gitignore' };

/** Every template file, as a path under {@link TEMPLATE}. */
function templateFiles(dir = TEMPLATE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? templateFiles(path) : entry.name.endsWith('.tmpl') ? [relative(TEMPLATE, path)] : [];
  });
}

/** A package name npm accepts, from a directory's name. */
function packageNameOf(dir: string): string {
  const name = basename(dir).toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+/, '');
  return name.length > 0 ? name : 'toolwright-project';
}

/** The values the template names: the project's name, the SDK's version, its Zod's and its peers' ranges. */
function templateValues(dir: string): Record<string, string> {
  const require = createRequire(import.meta.url);
  const sdk = JSON.parse(readFileSync(require.resolve('@toolwright/sdk/package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  // Zod at the SDK's own version: one copy, the one whose JSON Schema converter the SDK uses.
  return { name: packageNameOf(dir), version: sdk.version, zod: sdk.dependencies?.zod ?? '^4', ...sdk.peerDependencies };
}

/**
 * `toolwright init [DIR]`: writes a project in DIR (default: the current directory), which must
 * be empty or absent: a tsconfig with the decorator options explained, one decorated tool, one
 * schema-first tool, an agent spec, a test, and `npm start` / `npm test`.
 */
export async function initCommand(context: CommandContext): Promise<ExitCode> {
  const { term, line } = context;
  const dir = resolve(process.cwd(), line.positionals[0] ?? '.');
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new CliError({
      command: 'init',
      message: `${dir} is not empty; init writes a new project only into an empty or new directory, so nothing of yours is overwritten.`,
      hint: 'Give a new directory: toolwright init my-agent',
    });
  }
  const values = templateValues(dir);
  const written: string[] = [];
  for (const file of templateFiles()) {
    const text = readFileSync(join(TEMPLATE, file), 'utf8').replace(/\{\{([a-z-]+)\}\}/g, (whole, key: string) => {
      const value = values[key];
      if (value === undefined) throw new Error(`init template ${file}: no value for ${whole}`);
      return value;
    });
    const target = file.slice(0, -'.tmpl'.length);
    const out = join(dir, dirname(target), RENAMED[basename(target)] ?? basename(target));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text, { flag: 'wx' });
    written.push(relative(dir, out));
  }
  term.out(`Wrote a Toolwright project in ${dir}:\n${written.sort().map((file) => `  ${file}`).join('\n')}`);
  const fromHere = relative(process.cwd(), dir);
  const cd = fromHere === '' ? '' : fromHere.startsWith('..') ? dir : fromHere;
  term.out(`\nNext:\n${cd ? `  cd ${cd}\n` : ''}  npm install\n  npm start     # compiles, then runs the agent with its tool\n  npm test`);
  return ExitCode.OK;
}
