// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
    // Imports point one way: no cycles between source files (type-only imports are erased and do
    // not count), and in a built-in tool folder declarations <- executor <- tool class <- index.
    files: ['packages/*/src/**/*.ts', 'tools/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './tools/src/*/!(index|definition).ts',
              from: './tools/src/*/@(index|definition).ts',
              message: 'Tool folders import one way: declarations <- executor <- tool class (definition.ts) <- index.ts; import the declaration from declarations.ts instead.',
            },
            {
              target: './tools/src/*/declarations.ts',
              from: './tools/src/*/impl.ts',
              message: 'declarations.ts is the bottom layer of a tool folder: it may not import the executor.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests, benchmarks, the CLI and demo scripts talk to the terminal on purpose.
    files: ['**/test/**/*.ts', 'test/**/*.ts', 'packages/bench/**/*.ts', 'packages/cli/src/**/*.ts', 'examples/**/*.ts', '**/fixtures/**'],
    rules: { 'no-console': 'off' },
  },
);
