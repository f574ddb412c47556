// Bundles the compiled ES modules of @toolwright/sdk, @toolwright/tools and the CLI into a few files each
// (dist/bundle/). tsc's output is one module per source file (60+ behind the SDK's root entry),
// and Node resolves, reads and links each one: bundled, `import('@toolwright/sdk')` costs about
// as much as class-validator + class-transformer alone. Entry points of one package share chunks,
// so every class exists once; dependencies stay external. Types still come from tsc's .d.ts files.
//
// The code runs with V8's code cache (see scripts/bundle-loader.js): each chunk is written as a
// CommonJS-shaped function (`chunk.code.cjs`) with an ES entry file beside it (`chunk.js`) that
// imports its dependencies and re-exports its exports, and a warm-up run (scripts/
// code-cache-warmup.mjs) writes the cache files. A process then deserializes the bytecode of what
// the warm-up ran instead of parsing and compiling it: measured on the first MCP tool call of a
// fresh process, 9.2-10.7 -> 4.7-6.7 ms CPU, and the SDK's root import 74 -> 57 ms CPU (medians).
//
// rollup, not esbuild: esbuild turns self-referencing classes into `var X = class _X`, and its
// keepNames fix redefines `name` on every class, which doubled the cost of `new` on hot paths.
// rollup keeps class declarations as written; the check below proves every export keeps its name
// (class names are `kind` discriminators and default tool names). Its WebAssembly build, because
// the native one's per-platform packages cannot all be locked from the registry here.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import { rollup } from '@rollup/wasm-node';
import { dirname, join, relative } from 'node:path';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = [
  { dir: 'packages/sdk', entries: ['index', 'policy/index', 'toolsets/index', 'mcp/index', 'testing/index', 'internal'] },
  // builtins: the registration alone, without the bash safety analysis (loaded by a tool's first check).
  { dir: 'tools', entries: ['index', 'builtins'] },
  // The CLI's entry (dist/bin.js imports it): `serve --stdio` loaded 36 tsc modules before its first
  // answer, each resolved, read, compiled and linked (issue 24's cold start).
  { dir: 'packages/cli', entries: ['main'] },
];
const CODE = '.code.cjs';
// The code of a chunk is the body of this function (the loader calls it); the first line is the
// head alone, so the source map only shifts by one line.
const HEAD = '(function (exports, require, module, __filename, __dirname, __toolwrightImport) {';

const isExternal = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

/**
 * Reads each module with tsc's source map, so rollup's map leads from the bundle to the
 * TypeScript sources (`../../src/…`, shipped beside dist/) instead of to dist/*.js.
 */
const tscSourceMaps = {
  name: 'toolwright-tsc-source-maps',
  async load(id) {
    if (!id.endsWith('.js')) return null;
    const code = await readFile(id, 'utf8');
    const map = await readFile(`${id}.map`, 'utf8').catch(() => null);
    return { code, map };
  },
};

/**
 * The chunk's code with every character outside ASCII written as a `\uXXXX` escape, and its map's
 * columns moved to match. V8 keeps a script's source for as long as its functions live: one
 * non-ASCII character (a `—` in a comment or a message) makes the whole source a two-byte string,
 * twice the memory. One-byte sources cut a cold `serve`'s old generation by about 1.3 MB (the SDK,
 * CLI and tools chunks it loads), which V8 then marks and compacts less. The escape means the same
 * character in a string, template (its cooked value; no bundled code reads a template's raw
 * text with a non-ASCII character), regular expression, identifier or comment; one after a
 * backslash would not, so the build refuses it.
 */
function asciiOnly(code, mappings) {
  if (!/[\u0080-\uffff]/.test(code)) return { code, mappings };
  const lines = code.split('\n');
  const mapLines = decode(mappings);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!/[\u0080-\uffff]/.test(line)) continue;
    const moved = []; // columns (UTF-16 units) of the escaped characters, ascending
    lines[i] = line.replace(/[\u0080-\uffff]/g, (char, column) => {
      if (/(^|[^\\])(\\\\)*\\$/.test(line.slice(0, column))) throw new Error(`bundle: a non-ASCII character after a backslash (line ${i + 1}) cannot be escaped`);
      moved.push(column);
      return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
    });
    // Each segment's generated column moves by 5 per character escaped before it (one unit became six).
    if (mapLines[i] !== undefined) mapLines[i] = mapLines[i].map(([column, ...rest]) => [column + 5 * moved.filter((c) => c < column).length, ...rest]);
  }
  return { code: lines.join('\n'), mappings: encode(mapLines) };
}

/** Dynamic imports go through the loader's import (a chunk's ES entry file, or a dependency). */
const dynamicImportsThroughLoader = { name: 'toolwright-dynamic-import', renderDynamicImport: () => ({ left: '__toolwrightImport(', right: ')' }) };

/** Whether `id` resolves to a CommonJS file (resolved from here: the workspaces' dependencies are hoisted to the root). */
function isCommonJs(id) {
  const file = fileURLToPath(import.meta.resolve(id));
  if (file.endsWith('.cjs')) return true;
  if (file.endsWith('.mjs')) return false;
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).type !== 'module';
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
  return true;
}

/**
 * The ES entry file of a chunk: its dependencies (its own and its static chunks'), then the
 * chunk run by the loader. Left to the loader's `require` (see scripts/bundle-loader.js): Node's
 * built-in modules, unless a default export is imported (the first ES import of one builds its
 * namespace: ~2.5 ms for node:fs, measured), and a CommonJS dependency imported only for its
 * side effects (reflect-metadata: an ES import has Node scan its source for export names, ~10 ms).
 */
function entryFile(chunk, byName) {
  const deps = [];
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const { imports, importedBindings } = byName.get(name);
    for (const id of imports) {
      const bindings = importedBindings[id] ?? [];
      if (byName.has(id)) visit(id);
      else if (deps.includes(id)) continue;
      else if (isBuiltin(id) ? bindings.includes('default') : bindings.length > 0 || !isCommonJs(id)) deps.push(id);
    }
  };
  visit(chunk.fileName);
  const up = relative(dirname(chunk.fileName), '.').replaceAll('\\', '/') || '.';
  const names = chunk.exports.filter((name) => name !== 'default');
  return [
    ...deps.map((id, i) => `import * as d${i} from ${JSON.stringify(id)};`),
    `import { load } from '${up}/loader.js';`,
    `const m = load(${JSON.stringify(chunk.fileName)}, { ${deps.map((id, i) => `${JSON.stringify(id)}: d${i}`).join(', ')} });`,
    ...(names.length > 0 ? [`export const { ${names.join(', ')} } = m;`] : []),
    ...(chunk.exports.includes('default') ? ['export default m.default;'] : []),
    '',
  ].join('\n');
}

// Each bundle is written beside the live one (bundle.next) and swapped in by two renames, so
// processes started during a build (tests, benchmarks of others sharing the tree) never find
// dist/bundle missing, as they did for the whole rollup run when it was deleted first.
for (const { dir, entries } of packages) {
  const dist = join(root, dir, 'dist');
  const next = join(dist, 'bundle.next');
  await rm(next, { recursive: true, force: true });
  const bundle = await rollup({
    input: Object.fromEntries(entries.map((entry) => [entry, join(dist, `${entry}.js`)])),
    external: isExternal,
    plugins: [tscSourceMaps, dynamicImportsThroughLoader],
    // Node's built-in modules have no side effects a bundle relies on: a chunk that uses nothing of
    // one does not require it at its top (rollup keeps an external's bare import by default).
    // Other externals keep theirs (import 'reflect-metadata' is one).
    treeshake: { moduleSideEffects: (id, external) => !(external && isBuiltin(id)) },
    onwarn(warning, warn) {
      // tsc's decorator helpers test `this` at module level; circular imports are between
      // type-only-related modules and resolve at call time.
      if (warning.code === 'THIS_IS_UNDEFINED' || warning.code === 'CIRCULAR_DEPENDENCY') return;
      warn(warning);
    },
  });
  const { output } = await bundle.generate({
    format: 'cjs',
    // Dependencies are ES module namespaces (default export at `.default`), as an import sees them.
    interop: 'esModule',
    esModule: false,
    generatedCode: 'es2015',
    entryFileNames: `[name]${CODE}`,
    chunkFileNames: `chunk-[hash]${CODE}`,
    sourcemap: true,
    // Where the files go (bundle.next is renamed to bundle, same depth): the maps' sources are relative to it.
    dir: next,
  });
  await bundle.close();
  const chunks = output.filter((file) => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  for (const chunk of chunks) {
    const file = join(next, chunk.fileName);
    await mkdir(dirname(file), { recursive: true });
    const ascii = asciiOnly(chunk.code, chunk.map.mappings);
    const map = { ...chunk.map, mappings: `;${ascii.mappings}` };
    // rollup's code ends with its sourceMappingURL comment (inside the function: V8 reads it there too).
    await writeFile(file, `${HEAD}\n${ascii.code}\n})\n`);
    await writeFile(`${file}.map`, JSON.stringify(map));
    await writeFile(join(next, chunk.fileName.slice(0, -CODE.length) + '.js'), entryFile(chunk, byName));
  }
  const { name: packageName } = JSON.parse(await readFile(join(root, dir, 'package.json'), 'utf8'));
  const loader = await readFile(join(root, 'scripts', 'bundle-loader.js'), 'utf8');
  await writeFile(join(next, 'loader.js'), loader.replace("const PACKAGE = '@toolwright/bundle';", `const PACKAGE = ${JSON.stringify(packageName)};`));
  for (const entry of entries) {
    const mod = await import(pathToFileURL(join(next, `${entry}.js`)).href);
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value === 'function' && value.name !== name) {
        throw new Error(`${dir}/dist/bundle/${entry}.js: export ${name} is named '${value.name}' after bundling`);
      }
    }
  }
  const old = join(dist, 'bundle.old');
  await rm(old, { recursive: true, force: true });
  await rename(join(dist, 'bundle'), old).catch((error) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(next, join(dist, 'bundle'));
  await rm(old, { recursive: true, force: true });
}

// The code cache: one process runs what a first use of each part runs and writes the cache files
// when it exits. Without them everything works, only compiled on first use; so a failed warm-up
// is reported, not fatal.
// V8 stamps the cache with the process's V8 flags: the warm-up runs as a plain `node` does (no
// NODE_OPTIONS, which may carry flags such as --max-old-space-size), or no process would take it.
const env = { ...process.env, TOOLWRIGHT_CODE_CACHE: 'write' };
delete env.NODE_OPTIONS;
const warmup = spawnSync(process.execPath, [join(root, 'scripts', 'code-cache-warmup.mjs')], { cwd: root, env, encoding: 'utf8' });
if (warmup.status !== 0) process.stderr.write(`bundle: no code cache written (the warm-up failed): ${warmup.stderr || warmup.error}\n`);
