/**
 * The one tool of the cold-start bench, loaded by `toolwright serve --import <this file>` with a
 * spec of `tools: []`: the same zod `echo` the raw SDK server of `cli-bench-raw-server.ts` declares,
 * as a schema-first `defineTool`.
 */
import { z } from 'zod';
import { defineTool } from '@toolwright/sdk';

/** The served tools. */
export const tools = [
  defineTool({
    name: 'echo',
    description: 'Echo the text back.',
    input: z.object({ text: z.string().describe('Text to echo back') }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    execute: ({ text }) => text,
  }),
];
