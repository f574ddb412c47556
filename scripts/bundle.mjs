// Bundles the compiled ES modules of @toolwright/sdk and @toolwright/tools into a few files each
// (dist/bundle/). tsc's output is one module per source file (60+ behind the SDK's root entry),
// and Node resolves, reads and links each one: bundled, `import('@toolwright/sdk')` costs about
// as much as class-validator + class-transformer alone. Entry points of one package share chunks,
// so every class exists once; dependencies stay external. Types still come from tsc's .d.ts files.
//
// rollup, not esbuild: esbuild turns self-referencing classes into `var X = class _X`, and its
// keepNames fix redefines `name` on every class, which doubled the cost of `new` on hot paths.
// rollup keeps class declarations as written; the check below proves every export keeps its name
// (class names are `kind` discriminators and default tool names). Its WebAssembly build, because
// the native one's per-platform packages cannot all be locked from the registry here.
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { rollup } from '@rollup/wasm-node';
import { parse } from 'acorn';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = [
  { dir: 'packages/sdk', entries: ['index', 'mcp/index', 'testing/index', 'internal'] },
  { dir: 'tools', entries: ['index'] },
];

const isExternal = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

// A cold `import('@toolwright/sdk')` is mostly V8 scanning the bundle's source, and a quarter of
// it was TSDoc and line comments. Comments that fill their lines are blanked (their newlines
// kept), so every remaining character keeps its line and column and the source maps stay exact;
// the sourceMappingURL comment and /*! legal comments stay.
function stripCommentLines(code) {
  const comments = [];
  parse(code, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    onComment: (block, text, start, end) => comments.push({ text, start, end }),
  });
  let out = '';
  let pos = 0;
  for (const { text, start, end } of comments) {
    if (text.startsWith('# sourceMappingURL') || text.startsWith('!')) continue;
    const lineStart = code.lastIndexOf('\n', start - 1) + 1;
    const newline = code.indexOf('\n', end);
    const lineEnd = newline === -1 ? code.length : newline;
    if (lineStart < pos || code.slice(lineStart, start).trim() !== '' || code.slice(end, lineEnd).trim() !== '') continue;
    const newlines = code.slice(lineStart, end).split('\n').length - 1;
    out += code.slice(pos, lineStart) + '\n'.repeat(newlines);
    pos = lineEnd;
  }
  return out + code.slice(pos);
}

/** Every .js file under `dir`, its comment lines blanked (see stripCommentLines). */
async function stripBundleComments(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = join(entry.parentPath, entry.name);
    await writeFile(file, stripCommentLines(await readFile(file, 'utf8')));
  }
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
    onwarn(warning, warn) {
      // tsc's decorator helpers test `this` at module level; circular imports are between
      // type-only-related modules and resolve at call time.
      if (warning.code === 'THIS_IS_UNDEFINED' || warning.code === 'CIRCULAR_DEPENDENCY') return;
      warn(warning);
    },
  });
  await bundle.write({
    dir: next,
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunk-[hash].js',
    sourcemap: true,
  });
  await bundle.close();
  await stripBundleComments(next);
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
