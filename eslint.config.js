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
    },
  },
  {
    // Tests, benchmarks, the CLI and demo scripts talk to the terminal on purpose.
    files: ['**/test/**/*.ts', 'test/**/*.ts', 'packages/bench/**/*.ts', 'packages/cli/src/**/*.ts', 'examples/**/*.ts', '**/fixtures/**'],
    rules: { 'no-console': 'off' },
  },
);
