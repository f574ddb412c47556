/**
 * The providers' published schema rules now live in `@toolwright/sdk/testing` (provider-rules.ts),
 * shared with `toolwright test` and `testTool`; this file keeps the corpus tests' import path.
 */
export { anthropicViolations, geminiViolations, openAIStrictViolations } from '@toolwright/sdk/testing';
