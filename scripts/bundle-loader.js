// Copied by scripts/bundle.mjs into each package's dist/bundle/ as loader.js: it runs the bundle's
// code files with V8's code cache. Node 20 has no compile cache for ES modules (no
// module.enableCompileCache, and vm.SourceTextModule needs a flag), so the bundle's code is emitted
// as CommonJS-shaped functions (`*.code.cjs`, one per chunk) that this loader compiles with
// vm.Script and the cached data next to them (`*.code.cjs.v8`, written by a warm-up run at build
// time, bytecode of the functions that run then included). The ES entry files beside them
// (`index.js`, `mcp/index.js`, …) import the chunk's dependencies, hand them to `load` and
// re-export what the chunk exports, so importers see ordinary ES modules.
//
// A cache V8 rejects (another Node version, other V8 flags, a changed file) is ignored: the code
// compiles as it would without one. TOOLWRIGHT_CODE_CACHE=off ignores the cache files (to
// measure without them); =write compiles without them, for `writeCodeCache` (the warm-up run).
// Node's built-in modules come through require: the first ES import of one builds its export
// namespace (~2.5 ms for node:fs, ~3 ms for node:process, measured), which a process that uses
// them through require never pays.
//
// Stack frames: V8 keeps the script name a code cache was written with (the build machine's path
// showed in an installed package's frames), so a chunk is compiled under a name that holds no
// machine's path, `<package>/dist/bundle/<file>`, the same when writing the cache and reading it.
// Under `node --enable-source-maps` (process.sourceMapsEnabled) the cache is not used: a chunk is
// compiled as a CommonJS module at its real path, so Node reads its source map (`*.code.cjs.map`,
// mapped through to the TypeScript sources, shipped in `src/`) and frames name `.ts` files and lines.
import Module, { createRequire } from 'node:module';

/** The package's name: scripts/bundle.mjs writes it in when it copies this file into a bundle. */
const PACKAGE = '@toolwright/bundle';
const nodeRequire = createRequire(import.meta.url);
const { readFileSync, renameSync, writeFileSync } = nodeRequire('node:fs');
const { dirname, join } = nodeRequire('node:path');
const { fileURLToPath, pathToFileURL } = nodeRequire('node:url');
const { Script } = nodeRequire('node:vm');
const root = dirname(fileURLToPath(import.meta.url));
const mode = process.env.TOOLWRIGHT_CODE_CACHE;
/** Each code file's `module` by its path under dist/bundle, once it ran (or while it runs). */
const modules = new Map();
/** The ES module namespaces of the bundle's dependencies, by specifier (given by the entry files). */
const dependencies = new Map();
/** The scripts compiled in this process, for `createCachedData` when writing the cache. */
const compiled = [];
/** Whether each code file run in this process was compiled from its cache. */
const fromCache = [];

function cachedDataOf(filename) {
  if (mode === 'off' || mode === 'write') return undefined;
  try {
    return readFileSync(`${filename}.v8`);
  } catch {
    return undefined;
  }
}

function run(file) {
  const known = modules.get(file);
  if (known) return known.exports;
  const module = { exports: {} };
  modules.set(file, module);
  const filename = join(root, file);
  const chunk = process.sourceMapsEnabled === true ? compileMapped(filename, file) : compileCached(filename, file);
  const dir = dirname(file);
  // Chunks require each other by relative path; dependencies come from the entry files (the same
  // namespaces an ES import gets); Node's built-in modules (and `require('url')` for rollup's
  // import.meta.url) and side-effect-only CommonJS dependencies come from require.
  const requireFrom = (id) => (id.startsWith('.') ? run(join(dir, id)) : dependencies.has(id) ? dependencies.get(id) : nodeRequire(id));
  // A dynamic import of a chunk goes through its ES entry file, which loads that chunk's dependencies first.
  const importFrom = (id) => import(id.startsWith('.') ? pathToFileURL(join(root, dir, id.replace(/\.code\.cjs$/, '.js'))).href : id);
  chunk(module.exports, requireFrom, module, filename, dirname(filename), importFrom);
  return module.exports;
}

/** The chunk's function, compiled with its code cache under a name without a machine's path. */
function compileCached(filename, file) {
  const cachedData = cachedDataOf(filename);
  const script = new Script(readFileSync(filename, 'utf8'), { filename: `${PACKAGE}/dist/bundle/${file}`, cachedData });
  if (mode === 'write') compiled.push({ filename, script });
  fromCache.push({ file, cached: cachedData !== undefined && !script.cachedDataRejected });
  return script.runInThisContext();
}

/** The chunk's function, compiled by Node's CommonJS loader at its real path, which honours its source map. */
function compileMapped(filename, file) {
  const holder = new Module(filename);
  holder.filename = filename;
  // The first line is the function's head alone (no mapped code), so the prefix moves nothing mapped.
  holder._compile(`module.exports = ${readFileSync(filename, 'utf8')}`, filename);
  fromCache.push({ file, cached: false });
  return holder.exports;
}

/** Runs the code file `file` (path under dist/bundle) once, with these dependencies, and returns its exports. */
export function load(file, deps) {
  for (const [id, namespace] of Object.entries(deps)) dependencies.set(id, namespace);
  return run(file);
}

/** For tests: each code file this process ran (path under dist/bundle) and whether V8 took its code from the cache. */
export function codeCacheStatus() {
  return fromCache.map((entry) => ({ ...entry }));
}

/**
 * With TOOLWRIGHT_CODE_CACHE=write: writes the code cache of every code file this process ran
 * (the bytecode of each function compiled so far included). V8 stamps a cache with the process's
 * V8 flags and rejects it in a process with other flags, so this must run before anything
 * changes a flag (tools' bash parser sets --liftoff-only for a while, which leaves other wasm
 * flags changed). Returns how many files were written.
 */
export function writeCodeCache() {
  if (mode !== 'write') return 0;
  // Written aside and renamed, so that a process starting meanwhile reads the old file or the new one, whole.
  for (const { filename, script } of compiled) {
    writeFileSync(`${filename}.v8.next`, script.createCachedData());
    renameSync(`${filename}.v8.next`, `${filename}.v8`);
  }
  return compiled.length;
}
