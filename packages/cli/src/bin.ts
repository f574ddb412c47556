#!/usr/bin/env node
import { main } from './main.js';

const code = await main(process.argv.slice(2));
// Let buffered output reach its destination, then leave even if a child or socket lingers.
await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
process.exit(code);
