import type { Config } from 'jest';

const tsJest: [string, Record<string, unknown>] = ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }];

/** Source mapping so tests run against `src/` without a build. */
const moduleNameMapper: Record<string, string> = {
  '^@toolwright/sdk$': '<rootDir>/packages/sdk/src/index.ts',
  '^@toolwright/sdk/policy$': '<rootDir>/packages/sdk/src/policy/index.ts',
  '^@toolwright/sdk/toolsets$': '<rootDir>/packages/sdk/src/toolsets/index.ts',
  '^@toolwright/sdk/mcp$': '<rootDir>/packages/sdk/src/mcp/index.ts',
  '^@toolwright/sdk/testing$': '<rootDir>/packages/sdk/src/testing/index.ts',
  '^@toolwright/sdk/internal$': '<rootDir>/packages/sdk/src/internal.ts',
  '^@toolwright/providers$': '<rootDir>/packages/providers/src/index.ts',
  '^@toolwright/providers/provider-data$': '<rootDir>/packages/providers/src/runtime/provider-data.ts',
  '^@toolwright/models$': '<rootDir>/packages/models/src/index.ts',
  '^@toolwright/models/(ai-sdk|openai-agents|langchain|mcp)$': '<rootDir>/packages/models/src/$1/index.ts',
  '^@toolwright/tools$': '<rootDir>/tools/src/index.ts',
  '^@toolwright/tools/builtins$': '<rootDir>/tools/src/builtins.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const config: Config = {
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper,
  transform: { '^.+\\.ts$': tsJest },
  testEnvironment: 'node',
  testMatch: ['<rootDir>/packages/*/test/**/*.test.ts', '<rootDir>/tools/test/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
  testTimeout: 30_000,
  maxWorkers: process.env.CI ? 2 : '50%',
};

export default config;
