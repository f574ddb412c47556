// `npm run fuzz:shell [-- --sample 300 --seed 1 --slots 2 --only git --refresh-flags]`: every
// command the shell analysis calls read-only, among every command × flag × form the commands'
// own help lists (test/security/), is run in a bwrap sandbox under strace; anything it changed,
// ran or connected to is printed with the command. Runs against the built packages (`npm run
// build` first): the TypeScript harness is transpiled (no type check) into node_modules/.cache.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import process from 'node:process';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'node_modules', '.cache', 'toolwright-fuzz-shell');
const sources = [
  ...readdirSync(join(root, 'test', 'security')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => join('security', f)),
  join('fuzz', 'fuzz-random.ts'),
];
for (const file of sources) {
  const { outputText } = ts.transpileModule(readFileSync(join(root, 'test', file), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false, isolatedModules: true },
    fileName: file,
  });
  mkdirSync(dirname(join(out, file)), { recursive: true });
  writeFileSync(join(out, file.replace(/\.ts$/, '.js')), outputText);
}
writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
const { main } = await import(pathToFileURL(join(out, 'security', 'shell-fuzz-main.js')).href);
process.exitCode = await main(process.argv.slice(2), join(root, 'test', 'security', 'data', 'help-flags.json'));
