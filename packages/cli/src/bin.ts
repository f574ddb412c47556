#!/usr/bin/env node
import { exitWithParent, OUTLIVE_PARENT_ENV } from './io/exit-with-parent.js';
import { main } from './main.js';

// Behind `npx`, stopping the job kills npm but not this process: leave with the parent (opt out for a detached server).
if (process.env[OUTLIVE_PARENT_ENV] !== '1') exitWithParent();
const code = await main(process.argv.slice(2));
// Let buffered output reach its destination, then leave even if a child or socket lingers.
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
process.exit(code);
