// `npm start`: builds (saying so, and how long it took, on stderr) and then runs the CLI in this
// process with the arguments given after `npm start --`. The build used to run silently for up to
// a minute before anything appeared.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
process.stderr.write('toolwright: building (tsc -b, then the bundles and their code cache)…\n');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (build.status !== 0) {
  process.stderr.write(`toolwright: the build failed after ${seconds} s (see above).\n`);
  process.exit(build.status ?? 1);
}
process.stderr.write(`toolwright: built in ${seconds} s.\n`);
await import(pathToFileURL(join(root, 'packages', 'cli', 'dist', 'bin.js')).href);
