// An MCP server you mount in your own app: tools (schema-first here), native prompts (arguments
// declared like an Action, or by a Zod schema), resources and a resource template with
// completions and subscriptions. The same server is served by `node:http`, by Express, or on a
// listener of its own. Tested by test/mcp-server/mount.test.ts (a real MCP client each way).
// Run it: npx tsc -p examples && node examples/dist/mcp-server.js (serves on a free port, lists what a client sees)
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { IsIn, IsOptional, IsString, MinLength } from 'class-validator';
import { z } from 'zod';
import { Action, defineTool, Field } from '@toolwright/sdk';
import { createMcpServer, definePrompt, defineResource, defineResourceTemplate } from '@toolwright/sdk/mcp';
import type { ToolwrightMcpServer } from '@toolwright/sdk/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** A tool, as any Toolwright tool (decorated or schema-first). */
export const forecast = defineTool({
  name: 'forecast',
  description: 'The weather forecast for a city.',
  input: z.object({ city: z.string().min(1).describe('City name') }),
  annotations: { readOnlyHint: true },
  execute: ({ city }) => `${city}: sunny`,
});

/** A prompt's arguments declared like a tool's Action: decorated fields, class-validator rules (MCP sends strings). */
export class ReviewArguments extends Action {
  @Field({ description: 'The file to review' }) @IsString() @MinLength(1) path!: string;
  @Field({ description: 'How thorough: quick or deep' }) @IsOptional() @IsIn(['quick', 'deep']) depth?: string;
}

export const review = definePrompt({
  name: 'review',
  description: 'Ask for a code review of one file.',
  arguments: ReviewArguments,
  complete: { depth: ['quick', 'deep'] },
  render: ({ path, depth }) => `Review ${path} (${depth ?? 'quick'} review): correctness first, then naming.`,
});

/** The same, schema-first: a Zod object of strings. */
export const summarize = definePrompt({
  name: 'summarize',
  description: 'Summarize a guide page.',
  arguments: z.object({ slug: z.string().describe('Page to summarize'), audience: z.enum(['users', 'maintainers']).optional() }),
  render: ({ slug, audience }) => [
    { role: 'user', content: { type: 'resource', resource: { uri: `docs://pages/${slug}`, mimeType: 'text/markdown', text: pages[slug] ?? '' } } },
    { role: 'user', content: { type: 'text', text: `Summarize this page for ${audience ?? 'users'}.` } },
  ],
});

const pages: Record<string, string> = { install: '# Install\nnpm i @toolwright/sdk', serve: '# Serve\ntoolwright serve --http' };

/** A resource at a fixed URI. */
export const changelog = defineResource({
  uri: 'docs://changelog',
  name: 'changelog',
  mimeType: 'text/markdown',
  read: () => changelogText,
});
let changelogText = '# Changelog\n- 0.1.0';

/** A family of resources under a URI template; `slug` completes from the known pages. */
export const page = defineResourceTemplate({
  uriTemplate: 'docs://pages/{slug}',
  name: 'page',
  mimeType: 'text/markdown',
  complete: { slug: (typed) => Object.keys(pages).filter((slug) => slug.startsWith(typed)) },
  list: () => Object.keys(pages).map((slug) => ({ uri: `docs://pages/${slug}`, name: slug, mimeType: 'text/markdown' })),
  read: (uri, { slug }) => {
    const text = pages[String(slug)];
    if (text === undefined) throw new Error(`no page '${String(slug)}'; pages: ${Object.keys(pages).join(', ')}`);
    return text;
  },
});

/** One definition of the server; serve it any number of ways. */
export function docsServer(): ToolwrightMcpServer {
  return createMcpServer({
    name: 'docs',
    tools: [forecast],
    prompts: [review, summarize],
    resources: [changelog, page],
    instructions: 'Docs of the project: read docs://pages/{slug}, ask for reviews with the review prompt.',
  });
}

/** Appends to the changelog and tells subscribed clients (`notifications/resources/updated`). */
export function addToChangelog(server: ToolwrightMcpServer, line: string): number {
  changelogText += `\n- ${line}`;
  return server.resourceUpdated('docs://changelog');
}

async function listening(http: HttpServer): Promise<string> {
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

/** Mounted in plain `node:http`: the handler answers every request given to it. */
export async function serveWithNodeHttp(server: ToolwrightMcpServer): Promise<{ url: string; http: HttpServer }> {
  const http = createServer((req, res) => void server.handleRequest(req, res));
  return { url: await listening(http), http };
}

/** Mounted in Express, next to the app's own routes (express.json() may parse the body first). */
export async function serveWithExpress(server: ToolwrightMcpServer): Promise<{ url: string; http: HttpServer }> {
  const app = express();
  app.get('/health', (_req, res) => void res.json({ ok: true }));
  app.all('/mcp', express.json({ limit: '4mb' }), server.handleRequest);
  const http = createServer(app);
  return { url: await listening(http), http };
}

/** Serves on a listener of its own and lists what a client sees (`node examples/dist/mcp-server.js`). */
export async function tour(): Promise<string[]> {
  const server = docsServer();
  const running = await server.listen({ port: 0 });
  const client = new Client({ name: 'tour', version: '1.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    const prompt = await client.getPrompt({ name: 'review', arguments: { path: 'src/app.ts' } });
    const page = await client.readResource({ uri: 'docs://pages/install' });
    return [
      `tools: ${(await client.listTools()).tools.map((t) => t.name).join(', ')}`,
      `prompts: ${(await client.listPrompts()).prompts.map((p) => p.name).join(', ')}`,
      `review: ${(prompt.messages[0]!.content as { text: string }).text}`,
      `docs://pages/install: ${(page.contents[0] as { text: string }).text.split('\n')[0]}`,
    ];
  } finally {
    await client.close();
    await server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await tour()) console.log(line);
}
