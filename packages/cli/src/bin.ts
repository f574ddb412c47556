#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { exitWithParent, OUTLIVE_PARENT_ENV } from './io/exit-with-parent.js';
import type * as Main from './main.js';

// The CLI as scripts/bundle.mjs bundles it (rollup chunks compiled from V8's code cache) when it was
// built so; tsc's modules otherwise (a `tsc -b` without the bundle step).
const bundled = new URL('./bundle/main.js', import.meta.url);
const { main } = (await import(existsSync(bundled) ? bundled.href : './main.js')) as typeof Main;

// Behind `npx`, stopping the job kills npm but not this process: leave with the parent (opt out for a detached server).
if (process.env[OUTLIVE_PARENT_ENV] !== '1') exitWithParent();
const code = await main(process.argv.slice(2));
// Let buffered output reach its destination, then leave even if a child or socket lingers.
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
process.exit(code);
