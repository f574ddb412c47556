// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Import cycles and the layers of a tool folder are checked by scripts/check-imports.mjs (part of
// `npm run lint`): eslint-plugin-import-x needs unrs-resolver, whose per-platform optional bindings
// this registry lacks, so `npm ci` refused the lockfile.
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '**/*.js', '!eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-unsafe-declaration-merging': 'off',
      'no-console': 'error',
      // Long lines hurt diffs and review. 200 is what 99.5 % of lines already keep; strings,
      // template literals, regular expressions, URLs and Markdown table rows in doc comments do
      // not count (they are not broken up for a line limit). No formatter: it would rewrite every file.
      'max-len': [
        'error',
        {
          code: 200,
          tabWidth: 2,
          ignoreUrls: true,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreRegExpLiterals: true,
          ignorePattern: '^\\s*\\* \\|',
        },
      ],
    },
  },
  {
    // One error funnel (issue 23 §2): an executor, a step or a provider throws, and
    // `observationFromError` (packages/sdk/src/tool/error-observation.ts) asks the tool's
    // Observation class (`fromError`, overridden to add typed fields) to carry the error. An error
    // Observation or result made by hand inside a `catch` is a second wording the model sees and
    // post hooks never see.
    files: ['packages/*/src/**/*.ts', 'tools/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'CatchClause ObjectExpression > Property[key.name="isError"][value.value=true]',
          'CatchClause AssignmentExpression[left.property.name="isError"][right.value=true]',
          'CatchClause CallExpression[callee.name="errorObservation"]',
        ].map((selector) => ({
          selector,
          message:
            'Throw instead: the error funnel (observationFromError) makes the error Observation through the tool\'s Observation.fromError (override it to add fields, with Observation.errorOf). Exceptions are listed in eslint.config.js with a reason.',
        })),
      ],
    },
  },
  {
    // Exceptions to the funnel rule above, each with its reason.
    files: [
      // The funnel itself.
      'packages/sdk/src/tool/error-observation.ts',
      // The plan failed to save, and the error result still carries the unchanged task list, read
      // from disk after the failure (an async read `fromError` cannot make).
      'tools/src/task_tracker/impl.ts',
      // A stand-in MCP server for tests: a handler that throws is answered on the wire as a server
      // does (an `isError` CallToolResult), which the client side then funnels.
      'packages/sdk/src/testing/in-memory-mcp-server.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests, benchmarks, the CLI and demo scripts talk to the terminal on purpose.
    files: ['**/test/**/*.ts', 'test/**/*.ts', 'packages/bench/**/*.ts', 'packages/cli/src/**/*.ts', 'examples/**/*.ts', '**/fixtures/**'],
    rules: { 'no-console': 'off' },
  },
);
