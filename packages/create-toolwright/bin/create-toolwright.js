#!/usr/bin/env node
// `npm create toolwright [dir]` runs this: it is `toolwright init [dir]` from the installed
// @toolwright/cli, so the project template lives in one place (the CLI's templates/init/).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@toolwright/cli/package.json');
const { bin } = JSON.parse(readFileSync(cliPackage, 'utf8'));
const toolwright = join(dirname(cliPackage), typeof bin === 'string' ? bin : bin.toolwright);
const args = process.argv.slice(2);
if (args.includes('-h') || args.includes('--help')) {
  console.log('Usage: npm create toolwright [dir]   (the same as: npx @toolwright/cli init [dir])');
  process.exit(0);
}
const result = spawnSync(process.execPath, [toolwright, 'init', ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
