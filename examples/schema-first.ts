// Schema-first tools: declared by a Zod schema (any Standard Schema) or a JSON Schema instead of an
// Action class, and then a tool like any other (policy, hooks, exports, MCP). Tested by
// test/examples/schema-first.test.ts.
// Run it: npx tsc -p examples && node examples/dist/schema-first.js
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { Agent, ConversationState, defineTool } from '@toolwright/sdk';

/** Zod: the model sees Zod's own JSON Schema; `execute` gets Zod's output (here `days` defaults to 1). */
export const forecast = defineTool({
  name: 'forecast',
  description: 'The weather forecast for a city.',
  input: z.object({
    city: z.string().min(1).describe('City name'),
    days: z.number().int().min(1).max(7).default(1).describe('How many days'),
  }),
  output: z.object({ city: z.string(), days: z.array(z.string()) }),
  annotations: { readOnlyHint: true },
  execute: ({ city, days }) => ({ city, days: Array.from({ length: days }, (_, i) => `day ${i + 1}: sunny`) }),
});

/** A plain JSON Schema: checked by the same compiled checker as MCP tools' arguments. */
export const saveNote = defineTool<{ text: string }>({
  name: 'save_note',
  description: 'Saves a note.',
  input: { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'], additionalProperties: false },
  execute: ({ text }) => `saved: ${text}`,
});

export async function schemaFirst(): Promise<string[]> {
  const lines: string[] = [];
  // Not read-only, so the policy asks before save_note runs; forecast is allowed outright.
  const agent = new Agent({
    extraTools: [forecast, saveNote],
    policy: { onApproval: (request) => (lines.push(`asked: ${request.toolName} ${JSON.stringify(request.arguments)}`), { type: 'approve' }) },
  });
  await agent.initialize(new ConversationState({ workingDir: process.cwd() }));
  const mcp = agent.toolSchemas('mcp') as { name: string; outputSchema?: unknown }[];
  lines.push(`tools: ${mcp.map((t) => `${t.name}${t.outputSchema ? ' (structured output)' : ''}`).join(', ')}`);
  for (const [name, args] of [['forecast', '{"city":"Oslo","days":2}'], ['forecast', '{"city":"","days":9}'], ['save_note', '{"text":"milk"}']] as const) {
    const { observation } = await agent.executeToolCall({ id: name, name, arguments: args });
    lines.push(`${name} ${args} -> ${observation.isError ? `${observation.errorCode}: ` : ''}${observation.text}`);
  }
  await agent.close();
  return lines;
}

// Run directly (not when imported by a test): print what happened.
if (process.argv[1] === fileURLToPath(import.meta.url)) for (const line of await schemaFirst()) console.log(line);
