// `npm run fuzz -- --calls 100000 --seed 7`: the seeded tool-call fuzz (test/fuzz/) against the
// built packages. The TypeScript harness is transpiled (no type check: `npm run typecheck` does
// that) into node_modules/.cache, where `@toolwright/*` resolve to the workspace builds.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import process from 'node:process';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'test', 'fuzz');
const out = join(root, 'node_modules', '.cache', 'toolwright-fuzz');
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'package.json'), '{ "type": "module" }\n');
for (const file of readdirSync(source)) {
  if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
  const { outputText } = ts.transpileModule(readFileSync(join(source, file), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false, isolatedModules: true },
    fileName: file,
  });
  writeFileSync(join(out, file.replace(/\.ts$/, '.js')), outputText);
}
const { main } = await import(pathToFileURL(join(out, 'fuzz-supervisor.js')).href);
process.exitCode = await main(process.argv.slice(2));
