/**
 * Malformed results over Streamable HTTP (issue 9, item 9), against a small scripted server process
 * on 127.0.0.1 (test/fixtures/mcp/scripted-http-server.js): the MCP SDK's HTTP transport drops a
 * message its schema rejects, so without the client's own check the call would wait for its
 * timeout. Each is reported at once as the server's fault, and the connection stays usable.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMcpTools } from '@toolwright/sdk/mcp';
import type { McpToolset } from '@toolwright/sdk/mcp';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/mcp/scripted-http-server.js');

let child: ChildProcess;
let toolset: McpToolset;

beforeAll(async () => {
  child = spawn(process.execPath, [SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((ready, fail) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on port (\d+)/.exec(seen);
      if (match) ready(match[1]!);
    });
    child.once('exit', (code) => fail(new Error(`scripted-http-server exited with ${String(code)}: ${seen}`)));
  });
  toolset = await createMcpTools({ mcpServers: { web: { url: `http://127.0.0.1:${port}/mcp`, timeoutMs: 30_000 } } });
});

afterAll(async () => {
  await toolset?.close();
  child?.kill('SIGKILL');
});

async function timedCall(kind: string): Promise<[{ isError: boolean; errorCode?: string; text: string }, number]> {
  const tool = toolset.tools.find((t) => t.name === 'answer')!;
  const started = Date.now();
  const observation = await tool.call(tool.actionFromArguments({ kind }));
  return [observation, Date.now() - started];
}

describe('malformed results over Streamable HTTP (issue 9, item 9)', () => {
  const cases: [string, string][] = [
    ['content-sse', 'content: Invalid input: expected array, received string'],
    ['null-json', 'the result is null, expected an object'],
    ['error-json', "the error's code is missing, expected an integer"],
    ['error-sse', 'the error is a string, expected an object with a code and a message'],
  ];
  it.each(cases)('%s: reported at once as "server sent an invalid result", and the next call works', async (kind, why) => {
    const [bad, ms] = await timedCall(kind);
    expect(ms).toBeLessThan(2_000);
    expect(bad.isError).toBe(true);
    expect(bad.errorCode).toBe('EXECUTION_FAILED');
    expect(bad.text).toBe(`Tool 'answer' failed: MCP server 'web' sent an invalid result: ${why}. This is a fault of the server, not of the arguments.`);
    const [good] = await timedCall('ok');
    expect(good.isError).toBe(false);
    expect(good.text).toBe('fine');
  });
});
