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
import { rename, rm } from 'node:fs/promises';
import { rollup } from '@rollup/wasm-node';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = [
  { dir: 'packages/sdk', entries: ['index', 'mcp/index', 'testing/index', 'internal'] },
  { dir: 'tools', entries: ['index'] },
];

const isExternal = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

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
