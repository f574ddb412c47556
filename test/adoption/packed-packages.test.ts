// The published packages as a user gets them: each public package is packed (`npm pack`), the
// tarballs are installed into an empty project with plain npm, offline (npm's cache holds the
// third-party packages: scripts/cache-dependencies.mjs, run by `pretest`), and that project
// compiles with plain tsc (module nodenext; moduleResolution bundler), runs with node and with
// tsx, bundles with esbuild, reads TypeScript files and lines in stacks under
// --enable-source-maps, and runs the installed `toolwright` bin. Needs the packages built
// (`npm test` builds first).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
/** The published workspaces; @toolwright/models joins once it is built. */
const PACKAGES = ['packages/sdk', 'tools', 'packages/providers', 'packages/cli', 'packages/models', 'packages/create-toolwright'].filter(
  (dir) => dir !== 'packages/models' || existsSync(join(root, dir, 'dist', 'index.js')),
);
/** The child processes run as a user's would: no jest flags (V8 would also reject the code cache under other flags). */
const env = (): NodeJS.ProcessEnv => {
  const { NODE_OPTIONS: _flags, ...rest } = process.env;
  return { ...rest, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
};

let work = '';
let project = '';
const tarballs = new Map<string, string>();

function run(command: string, args: string[], cwd = project): SpawnSyncReturns<string> {
  // PWD as a shell would set it: Node writes source-mapped frames relative to it.
  return spawnSync(command, args, { cwd, env: { ...env(), PWD: cwd }, encoding: 'utf8', timeout: 120_000 });
}

/** Fails with the command's output when it did not exit 0, else returns its stdout. */
function ok(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status !== 0) throw new Error(`${what} exited ${result.status ?? result.signal ?? String(result.error)}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** What src/main.ts prints, however it was compiled or bundled. */
const GREETING = {
  text: 'Hello, Ada! Hello, Ada!',
  invalid: "Invalid arguments for tool 'greet':\n- name: expected string, got number",
  schema: ['type', 'function'],
  parts: 'function,object,function,function,function',
};

beforeAll(() => {
  for (const dir of PACKAGES) {
    const { files = [] } = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { files?: string[] };
    if (files.includes('dist') && !existsSync(join(root, dir, 'dist'))) throw new Error(`${dir} is not built: run 'npm run build' first (npm test does).`);
  }
  work = mkdtempSync(join(tmpdir(), 'toolwright-adoption-'));
  mkdirSync(join(work, 'tarballs'));
  const packed = JSON.parse(
    ok(run('npm', ['pack', '--json', '--pack-destination', join(work, 'tarballs'), ...PACKAGES.flatMap((dir) => ['-w', dir])], root), 'npm pack'),
  ) as { name: string; filename: string }[];
  for (const { name, filename } of packed) tarballs.set(name, join(work, 'tarballs', filename));
  project = join(work, 'project');
  cpSync(join(root, 'test', 'adoption', 'project'), project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'adopter', private: true, type: 'module' }, null, 2));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  const nodeTypes = `@types/node@${lock.packages['node_modules/@types/node']!.version}`;
  ok(run('npm', ['install', '--offline', '--loglevel=error', ...tarballs.values(), nodeTypes]), 'npm install --offline (the tarballs, from npm\'s cache)');
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed packages', () => {
  it('are every public package', () => {
    expect([...tarballs.keys()].sort()).toEqual(
      PACKAGES.map((dir) => (JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string }).name).sort(),
    );
  });

  it('carry no path of the machine that built them', () => {
    const offenders: string[] = [];
    for (const [name, tarball] of tarballs) {
      const into = join(work, 'unpacked', name);
      mkdirSync(into, { recursive: true });
      ok(run('tar', ['xzf', tarball, '-C', into], work), `tar ${tarball}`);
      for (const file of filesUnder(into)) if (readFileSync(file).includes(root)) offenders.push(`${name}: ${relative(into, file)}`);
    }
    expect(offenders).toEqual([]);
  });

  it('pass publint (strict) and arethetypeswrong (ESM-only profile)', async () => {
    for (const [name, tarball] of tarballs) {
      const buffer = readFileSync(tarball);
      const { messages } = await publint({ pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) }, strict: true, level: 'warning' });
      expect({ name, messages }).toEqual({ name, messages: [] });
      const attw = run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'table-flipped'], work);
      expect({ name, status: attw.status, output: attw.status === 0 ? '' : attw.stdout + attw.stderr }).toEqual({ name, status: 0, output: '' });
    }
  }, 120_000);
});

describe('a project that installed the tarballs', () => {
  it('compiles with plain tsc under module nodenext (declarations checked too) and under moduleResolution bundler', () => {
    ok(run(bin('tsc'), ['-p', 'tsconfig.json']), 'tsc -p tsconfig.json (nodenext)');
    ok(run(bin('tsc'), ['-p', 'tsconfig.bundler.json']), 'tsc -p tsconfig.bundler.json (bundler)');
  }, 180_000);

  it('runs with node', () => {
    expect(JSON.parse(ok(run(process.execPath, ['dist/main.js']), 'node dist/main.js'))).toEqual(GREETING);
  });

  it('runs with tsx', () => {
    expect(JSON.parse(ok(run(bin('tsx'), ['src/main.ts']), 'tsx src/main.ts'))).toEqual(GREETING);
  });

  it('bundles with esbuild (which takes the tsc modules of the "module" condition)', () => {
    // The banner gives CommonJS dependencies (cross-spawn, class-validator) a `require` in an ES bundle.
    const banner = "--banner:js=import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);";
    ok(run(bin('esbuild'), ['src/main.ts', '--bundle', '--platform=node', '--format=esm', '--outfile=out/main.mjs', '--log-level=error', banner]), 'esbuild');
    expect(readFileSync(join(project, 'out', 'main.mjs'), 'utf8')).not.toContain('.code.cjs');
    expect(JSON.parse(ok(run(process.execPath, ['out/main.mjs']), 'node out/main.mjs'))).toEqual(GREETING);
  });

  it("shows TypeScript files and lines under --enable-source-maps, the user's and Toolwright's own, at the installed path", () => {
    const { text, stack, own } = JSON.parse(ok(run(process.execPath, ['--enable-source-maps', 'dist/boom.js']), 'node --enable-source-maps dist/boom.js')) as { text: string; stack: string; own: string };
    expect(text).toBe("Tool 'boom' failed: x");
    // The executor's exception, kept in the error Observation's details.
    expect(stack).toMatch(/^Error: x\n\s+at (Object\.)?explode \(.*\/src\/boom\.ts:9:\d+\)/);
    // Toolwright's own error: its frames name its TypeScript sources where npm installed them.
    expect(own).toContain(join(project, 'node_modules', '@toolwright', 'sdk', 'src', 'tool', 'tool-name.ts'));
    expect(own).toMatch(/src\/boom\.ts:17:\d+/);
    expect(stack + own).not.toContain(root);
  });

  it('names no machine path in stacks without source maps either (the code cache is compiled under the package name)', () => {
    const { own } = JSON.parse(ok(run(process.execPath, ['dist/boom.js']), 'node dist/boom.js')) as { text: string; stack: string; own: string };
    expect(own).toMatch(/at .*@toolwright\/sdk\/dist\/bundle\/.*\.code\.cjs:\d+:\d+/);
    expect(own).not.toContain(root);
  });

  it('runs the installed toolwright bin (what npx @toolwright/cli runs)', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'packages', 'cli', 'package.json'), 'utf8')) as { version: string };
    const toolwright = join(project, 'node_modules', '.bin', 'toolwright');
    expect(ok(run(toolwright, ['--version']), 'toolwright --version').trim()).toBe(version);
    const list = ok(run(toolwright, ['list']), 'toolwright list');
    expect(list).toMatch(/^TOOL\s+ORIGIN/);
    expect(list).toContain('file_editor');
  });
});

describe('toolwright init, run from the installed bin', () => {
  let fresh = '';
  beforeAll(() => {
    fresh = join(work, 'fresh-agent');
    ok(run(join(project, 'node_modules', '.bin', 'toolwright'), ['init', fresh]), 'toolwright init');
    // The SDK from its tarball; TypeScript, Node's types and the peers from npm's cache.
    ok(run('npm', ['install', '--offline', '--loglevel=error', tarballs.get('@toolwright/sdk')!], fresh), 'npm install --offline in the new project');
  }, 180_000);

  it('writes the project: the tsconfig explains the decorator options', () => {
    const tsconfig = readFileSync(join(fresh, 'tsconfig.json'), 'utf8');
    expect(tsconfig).toMatch(/\/\/.*decorators[^\n]*\n(.*\n)*\s*"experimentalDecorators": true/);
    expect(tsconfig).toMatch(/\/\/.*design:type[^\n]*\n(.*\n)*\s*"emitDecoratorMetadata": true/);
    expect(filesUnder(fresh).filter((file) => !file.includes('node_modules')).map((file) => relative(fresh, file)).sort()).toEqual(
      expect.arrayContaining(['.gitignore', 'agent.yaml', 'package.json', 'src/main.ts', 'src/tools/greet.ts', 'src/tools/word-count.ts', 'test/greet.test.ts', 'tsconfig.json']),
    );
  });

  it('npm start compiles it and runs the agent with its tool', () => {
    const out = ok(run('npm', ['start', '--silent'], fresh), 'npm start');
    expect(out).toContain('"name":"greet"');
    expect(out).toContain('greet answered: Hello, Ada! Hello, Ada!');
    expect(out).toContain('word_count answered: 3 words');
  }, 120_000);

  it('npm test passes on first run', () => {
    expect(ok(run('npm', ['test', '--silent'], fresh), 'npm test')).toMatch(/# pass 3\n# fail 0/);
  }, 120_000);

  it('is what `npm create toolwright` runs (the create-toolwright package, from its tarball)', () => {
    const created = join(work, 'created-agent');
    ok(run('npm', ['create', '--offline', '--yes', 'toolwright', '--', created]), 'npm create toolwright');
    const files = filesUnder(created).map((file) => relative(created, file)).sort();
    expect(files).toEqual(filesUnder(fresh).filter((file) => !/node_modules|package-lock|\/dist\//.test(file)).map((file) => relative(fresh, file)).sort());
    expect(readFileSync(join(created, 'package.json'), 'utf8')).toContain('"name": "created-agent"');
  }, 120_000);

  it('refuses a directory that is not empty, and says why', () => {
    const result = run(join(project, 'node_modules', '.bin', 'toolwright'), ['init', fresh]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${fresh} is not empty`);
  });
});
