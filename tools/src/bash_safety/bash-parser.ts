import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language, Parser, Tree } from 'web-tree-sitter';

/** Longest command the analysis parses (longer ones are refused as unanalysable). */
export const MAX_COMMAND_CHARS = 100_000;

let loading: Promise<Parser> | undefined;

/** A compiled WebAssembly module (the global `WebAssembly` has no types without the DOM library). */
type WasmModule = Parameters<(typeof Language)['loadSync']>[0];
const Wasm = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => WasmModule } }).WebAssembly;

/** Node was started with V8's Liftoff-only mode itself (then it stays on). */
const liftoffOnlyAlready = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].includes('--liftoff-only');

/**
 * The bash grammar compiled by the baseline WebAssembly compiler only. By default Node re-compiles
 * hot functions with its optimizing compiler, and for this grammar (its lexer is one huge
 * function) that costs a lot of CPU right after the first parse, in background threads that
 * compete with the calls, while parsing is no faster afterwards (measurement:
 * packages/bench/README.md). `--liftoff-only` is set just around this synchronous compile, so
 * nothing else is compiled under it, and the module keeps that choice.
 */
function compileGrammar(bytes: Uint8Array): WasmModule {
  if (liftoffOnlyAlready) return new Wasm.Module(bytes);
  // node:v8 required here: the tools' bundle is one chunk, and a module-level import loaded it
  // (with its heap utilities) in every process importing the tools.
  const { setFlagsFromString } = process.getBuiltinModule('node:v8');
  setFlagsFromString('--liftoff-only');
  try {
    return new Wasm.Module(bytes);
  } finally {
    setFlagsFromString('--no-liftoff-only');
  }
}

/**
 * The tree-sitter parser with the bash grammar, loaded once per process from the WASM files that
 * ship in `web-tree-sitter` and `tree-sitter-bash` (found through module resolution, so it works
 * from `src/`, from `dist/` and from the bundle alike). web-tree-sitter itself is imported here,
 * not when `@toolwright/tools` is, so a process that never analyses bash never loads it.
 */
export function loadBashParser(): Promise<Parser> {
  loading ??= (async () => {
    const { Language, Parser } = await import('web-tree-sitter');
    const load = createRequire(import.meta.url);
    const runtimeWasm = load.resolve('web-tree-sitter/web-tree-sitter.wasm');
    await Parser.init({ locateFile: () => runtimeWasm });
    const language = Language.loadSync(compileGrammar(readFileSync(load.resolve('tree-sitter-bash/tree-sitter-bash.wasm'))));
    const parser = new Parser();
    parser.setLanguage(language);
    return parser;
  })();
  loading.catch(() => {
    loading = undefined; // a failed load may be retried
  });
  return loading;
}

/** Parses `source` and hands the tree to `use`, freeing the tree's WASM memory afterwards. */
export function withBashTree<T>(parser: Parser, source: string, use: (tree: Tree) => T): T {
  const tree = parser.parse(source);
  if (!tree) throw new Error('tree-sitter returned no tree');
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}
