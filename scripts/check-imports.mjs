// Checks that imports point one way in the source trees: no import cycles between files, the SDK's
// layer table (DESIGN.md: each folder of packages/sdk/src imports only folders of lower layers), and
// the layering of a built-in tool folder (declarations <- executor <- tool class <- index).
// For cycles, type-only imports are erased at compile time and do not count; for layers they do (a
// type is a dependency a reader follows). Dynamic import() is lazy on purpose.
// Run by `npm run lint`. Uses the TypeScript compiler's parser only (no resolver with native bindings).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceRoots = ['tools/src', ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/src`)].map((p) => join(root, p));

/** Every .ts file below `dir` (no declaration files). */
function tsFiles(dir) {
  let found = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(tsFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

/** True when the import or export brings in no value at run time. */
function typeOnly(node) {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

/** The project files a file imports (relative specifiers only), each with whether only types come in. */
function imports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const targets = [];
  for (const node of source.statements) {
    if (!(ts.isImportDeclaration(node) || ts.isExportDeclaration(node))) continue;
    const spec = node.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) continue;
    targets.push({ path: resolve(dirname(file), spec.text.replace(/\.js$/, '.ts')), types: typeOnly(node) });
  }
  return targets;
}

const files = sourceRoots.flatMap(tsFiles);
const known = new Set(files);
const allImports = new Map(files.map((f) => [f, imports(f).filter((t) => known.has(t.path))]));
const graph = new Map([...allImports].map(([f, targets]) => [f, targets.filter((t) => !t.types).map((t) => t.path)]));
const problems = [];

// The SDK's layers, top to bottom (DESIGN.md): a folder imports only folders of a lower layer.
// Folders in one layer are independent of each other. The entry files (index.ts, internal.ts) and
// testing/ stand above every layer.
const sdkLayers = [['mcp-server'], ['runtime'], ['record'], ['toolsets'], ['mcp'], ['registry'], ['tool'], ['state'], ['schema', 'policy', 'di'], ['telemetry'], ['secrets'], ['util', 'errors']];
const sdkSrc = join(root, 'packages/sdk/src');
const layerOf = new Map(sdkLayers.flatMap((folders, rank) => folders.map((folder) => [folder, rank])));
for (const [file, targets] of allImports) {
  const from = relative(sdkSrc, file).split('/');
  // mcp/index.ts is the `@toolwright/sdk/mcp` entry: it also exports createMcpServer (mcp-server/, above runtime).
  if (from[0] === '..' || from.length < 2 || from[0] === 'testing' || from.join('/') === 'mcp/index.ts') continue;
  const fromRank = layerOf.get(from[0]);
  if (fromRank === undefined) {
    problems.push(`${relative(root, file)}: folder '${from[0]}' is not in the SDK's layer table (scripts/check-imports.mjs sdkLayers); add it at its layer`);
    continue;
  }
  for (const target of targets) {
    const to = relative(sdkSrc, target.path).split('/');
    if (to.length < 2 || to[0] === from[0]) continue;
    const toRank = layerOf.get(to[0]);
    if (toRank !== undefined && toRank > fromRank) continue;
    const layers = sdkLayers.map((folders) => folders.join(' · ')).join(' → ');
    problems.push(`${relative(root, file)} imports ${relative(sdkSrc, target.path)}${target.types ? ' (types)' : ''}: ${from[0]}/ may import only lower layers (${layers})`);
  }
}

// Cycles: strongly connected components of the value-import graph (Tarjan, iterative).
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
for (const start of files) {
  if (index.has(start)) continue;
  const work = [[start, 0]];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [node, i] = frame;
    const next = graph.get(node);
    if (i < next.length) {
      frame[1]++;
      const target = next[i];
      if (!index.has(target)) {
        index.set(target, counter);
        low.set(target, counter++);
        stack.push(target);
        onStack.add(target);
        work.push([target, 0]);
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
      continue;
    }
    work.pop();
    if (work.length > 0) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) !== index.get(node)) continue;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfLoop = component.length === 1 && graph.get(node).includes(node);
    if (component.length > 1 || selfLoop) {
      problems.push(`import cycle: ${component.map((f) => relative(root, f)).sort().join(' <-> ')}`);
    }
  }
}

// Layers inside a built-in tool folder.
const toolsSrc = join(root, 'tools/src');
for (const [file, targets] of graph) {
  if (dirname(dirname(file)) !== toolsSrc) continue;
  const name = basename(file);
  for (const target of targets) {
    if (dirname(target) !== dirname(file)) continue;
    const to = basename(target);
    if ((to === 'index.ts' || to === 'definition.ts') && name !== 'index.ts' && name !== 'definition.ts') {
      problems.push(`${relative(root, file)} imports ${to}: tool folders import one way (declarations <- executor <- tool class (definition.ts) <- index.ts); import from declarations.ts instead`);
    }
    if (name === 'declarations.ts' && to === 'impl.ts') {
      problems.push(`${relative(root, file)} imports impl.ts: declarations.ts is the bottom layer of a tool folder`);
    }
  }
}

if (problems.length > 0) {
  process.stderr.write(`check-imports: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`check-imports: ${files.length} files, no value-import cycles, SDK layers and tool folder layers respected\n`);
