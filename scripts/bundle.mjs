// Bundles the compiled ES modules of @toolwright/sdk and @toolwright/tools into a few files each
// (dist/bundle/). tsc's output is one module per source file (60+ for the SDK's root entry), and
// Node resolves, reads and links each: bundled, `import('@toolwright/sdk')` costs about as much as
// class-validator + class-transformer alone. Entry points of one package share chunks, so every
// class exists once; dependencies stay external. Types still come from tsc's .d.ts files.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = [
  { dir: 'packages/sdk', entries: ['index.js', 'mcp/index.js', 'testing/index.js'] },
  { dir: 'tools', entries: ['index.js'] },
];

for (const { dir, entries } of packages) {
  const dist = join(root, dir, 'dist');
  await build({
    entryPoints: entries.map((entry) => join(dist, entry)),
    outdir: join(dist, 'bundle'),
    outbase: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Class names are contracts here (`kind` discriminators, default tool names): keep them.
    keepNames: true,
    logLevel: 'warning',
    // Not the repo's tsconfig: its `paths` map package names to sources, which would inline them.
    tsconfigRaw: '{}',
  });
}
