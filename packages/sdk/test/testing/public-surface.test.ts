import { describe, expect, it } from '@jest/globals';
import { entrySource, exportedNames } from '../fixtures/entry-exports.js';

/**
 * The values of `@toolwright/sdk/testing`: public test doubles and checks. Adding or removing one
 * is a decision about the public API: update this list in the same change.
 */
const VALUES = [
  'ANTHROPIC_NAME',
  'anthropicViolations',
  'createInMemoryMcpServer',
  'exportViolations',
  'GEMINI_NAME',
  'geminiViolations',
  'generateCases',
  'InMemoryMcpServer',
  'MCP_NAME',
  'OPENAI_NAME',
  'openAIStrictViolations',
  'scratchAgent',
  'testTool',
];

/** The entry's type-only names. */
const TYPES = [
  'CheckableTool',
  'CheckedFormat',
  'ExportViolations',
  'GenerateCasesOptions',
  'GeneratedCases',
  'InMemoryMcpServerOptions',
  'InMemoryTool',
  'InMemoryToolContext',
  'InvalidCase',
  'ScratchTarget',
  'TestToolOptions',
  'ToolTestFailure',
  'ToolTestFailureKind',
  'ToolTestReport',
  'ValidCase',
];

describe('@toolwright/sdk/testing public surface', () => {
  it('exports exactly the listed values', async () => {
    const entry = (await import('@toolwright/sdk/testing')) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual([...VALUES].sort());
  });

  it('exports exactly the listed types', () => {
    expect(exportedNames('testing/index.ts', 'types')).toEqual([...TYPES].sort());
  });

  it('re-exports nothing with export *', () => {
    expect(entrySource('testing/index.ts')).not.toMatch(/^export \*/m);
  });
});
