/**
 * @toolwright/sdk/testing — public test doubles. Loads the MCP SDK (like `@toolwright/sdk/mcp`).
 */
export { createInMemoryMcpServer, InMemoryMcpServer } from './in-memory-mcp-server.js';
export type { InMemoryMcpServerOptions, InMemoryTool, InMemoryToolContext } from './in-memory-mcp-server.js';
export { generateCases } from './generate-cases.js';
export type { GenerateCasesOptions, GeneratedCases, InvalidCase, ValidCase } from './generate-cases.js';
export { anthropicViolations, exportViolations, geminiViolations, openAIStrictViolations, ANTHROPIC_NAME, GEMINI_NAME, MCP_NAME, OPENAI_NAME } from './provider-rules.js';
export type { CheckableTool, CheckedFormat, ExportViolations } from './provider-rules.js';
export { scratchAgent, testTool } from './test-tool.js';
export type { ScratchTarget, TestToolOptions, ToolTestFailure, ToolTestFailureKind, ToolTestReport } from './test-tool.js';
