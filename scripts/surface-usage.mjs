// How the SDK's entries are used: for each entry (root, subpaths, internal), how many of its names
// another package's src imports, how many only tests, examples and docs import, and how many nothing
// outside packages/sdk imports. `node scripts/surface-usage.mjs [--names]` (--names lists them).
// Reads import lines as text (static `import`/`export … from` and `const { … } = await import(…)`).
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import process from 'node:process';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const ENTRIES = {
  '@toolwright/sdk': 'packages/sdk/src/index.ts',
  '@toolwright/sdk/policy': 'packages/sdk/src/policy/index.ts',
  '@toolwright/sdk/toolsets': 'packages/sdk/src/toolsets/index.ts',
  '@toolwright/sdk/mcp': 'packages/sdk/src/mcp/index.ts',
  '@toolwright/sdk/testing': 'packages/sdk/src/testing/index.ts',
  '@toolwright/sdk/internal': 'packages/sdk/src/internal.ts',
};

/** Every .ts and .md file below `dir` (no dist, node_modules or declaration files). */
function walk(dir, out = []) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts|md)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The names an entry file exports by name. */
function exportsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const names = [];
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const element of node.exportClause.elements) names.push(element.name.text);
    }
  }
  return names;
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](@toolwright\/sdk(?:\/[a-z]+)?)['"]/g;
const DYNAMIC = /(?:const|let)\s+\{([^}]*)\}\s*=\s*(?:await\s+)?import\(\s*['"](@toolwright\/sdk(?:\/[a-z]+)?)['"]\s*\)/g;
/** entry -> name -> where it is imported ('src:<package>' or 'other'). */
const uses = new Map();
for (const file of walk(root)) {
  const rel = relative(root, file);
  if (rel.startsWith('packages/sdk/src/')) continue;
  const source = /^(packages\/[^/]+|tools)\/src\//.exec(rel);
  const where = rel.startsWith('packages/sdk/') ? 'sdk' : source ? `src:${source[1]}` : 'other';
  const text = readFileSync(file, 'utf8');
  for (const pattern of [IMPORT, DYNAMIC]) {
    for (const match of text.matchAll(pattern)) {
      for (const part of match[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+|:/)[0].trim();
        if (!name) continue;
        if (!uses.has(match[2])) uses.set(match[2], new Map());
        const byName = uses.get(match[2]);
        if (!byName.has(name)) byName.set(name, new Set());
        byName.get(name).add(where);
      }
    }
  }
}

const report = {};
for (const [entry, path] of Object.entries(ENTRIES)) {
  if (!existsSync(join(root, path))) continue;
  const names = exportsOf(join(root, path));
  const row = { total: names.length, usedByOtherPackagesSrc: 0, usedOnlyByTestsExamplesDocs: 0, unusedOutsideSdk: 0 };
  const unused = [];
  for (const name of names) {
    const where = uses.get(entry)?.get(name) ?? new Set();
    if ([...where].some((w) => w.startsWith('src:'))) row.usedByOtherPackagesSrc++;
    else if (where.has('other')) row.usedOnlyByTestsExamplesDocs++;
    else {
      row.unusedOutsideSdk++;
      unused.push(name);
    }
  }
  if (process.argv.includes('--names')) row.unused = unused;
  report[entry] = row;
}
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
