// Builds the web console's page (packages/cli/console: Preact + htm, TypeScript, no JSX step)
// into packages/cli/dist/console-ui/, the static files `toolwright serve --http --console` and
// `toolwright console` serve: index.html (no inline script or style: the CSRF token goes in a
// <meta> tag at serve time), app.js (one ES module bundle, Preact included: no CDN) and app.css.
// The page is type-checked first with its own tsconfig (DOM types; the CLI's tsconfig has none).
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'packages/cli/console');
const out = join(root, 'packages/cli/dist/console-ui');

const check = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(source, 'tsconfig.json')], { stdio: 'inherit' });
if (check.status !== 0) {
  process.stderr.write('build-console: the console page does not type-check (see above).\n');
  process.exit(1);
}

await mkdir(out, { recursive: true });
await build({
  entryPoints: [join(source, 'src/main.ts')],
  outfile: join(out, 'app.js'),
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
await copyFile(join(source, 'index.html'), join(out, 'index.html'));
await copyFile(join(source, 'app.css'), join(out, 'app.css'));
