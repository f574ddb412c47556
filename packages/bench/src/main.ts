/**
 * Runs every `*-bench.js` module beside this file (or those named on the command line:
 * `npm run bench -- kernel mcp`) and prints one table per measured group.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchModule } from './measure.js';
import { formatTables } from './measure.js';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const modules = readdirSync(here)
  .filter((f) => f.endsWith('-bench.js'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/-bench\.js$/, '')))
  .sort();

if (modules.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}.`);
  process.exit(2);
}
console.log(`# Toolwright benchmarks (node ${process.version}, ${new Date().toISOString()})`);
for (const file of modules) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as BenchModule;
  const tables = await mod.run();
  console.log(formatTables(tables));
}
