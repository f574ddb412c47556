import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import type { Tree } from 'web-tree-sitter';

/** Longest command the analysis parses (longer ones are refused as unanalysable). */
export const MAX_COMMAND_CHARS = 100_000;

let loading: Promise<Parser> | undefined;

/**
 * The tree-sitter parser with the bash grammar, loaded once per process from the WASM files that
 * ship in `web-tree-sitter` and `tree-sitter-bash` (found through module resolution, so it works
 * from `src/`, from `dist/` and from the bundle alike).
 */
export function loadBashParser(): Promise<Parser> {
  loading ??= (async () => {
    const load = createRequire(import.meta.url);
    const runtimeWasm = load.resolve('web-tree-sitter/web-tree-sitter.wasm');
    await Parser.init({ locateFile: () => runtimeWasm });
    const language = await Language.load(load.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
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
