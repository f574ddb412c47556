import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Observation } from '@toolwright/sdk';
import { createMcpTools, mcpClientFromPlan, planMcpServers } from '@toolwright/sdk/mcp';
import type { CreateMcpToolsOptions, MCPClient, McpToolsChange, McpToolset } from '@toolwright/sdk/mcp';
import { FAULT_SERVER, isAlive, isRunning, stillRunningAfter } from './support/servers.js';

const pids: number[] = [];
const toolsets: McpToolset[] = [];

afterEach(async () => {
  await Promise.all(toolsets.splice(0).map((t) => t.close()));
  // Whatever happened in the test, no server process may be left behind.
  expect(pids.splice(0).filter(isAlive)).toEqual([]);
});

async function faultTools(flags: string[] = [], server: Record<string, unknown> = {}, options: CreateMcpToolsOptions = {}): Promise<McpToolset> {
  const toolset = await createMcpTools({ mcpServers: { faulty: { command: process.execPath, args: [FAULT_SERVER, ...flags], ...server } } }, options);
  toolsets.push(toolset);
  pids.push(toolset.clients[0]!.pid!);
  return toolset;
}

function call(toolset: McpToolset, name: string, args: Record<string, unknown> = {}): Promise<Observation> {
  const tool = toolset.tools.find((t) => t.name === name)!;
  return tool.call(tool.actionFromArguments(args));
}

function clientFor(flags: string[], server: Record<string, unknown> = {}): MCPClient {
  const [plan] = planMcpServers({ faulty: { command: process.execPath, args: [FAULT_SERVER, ...flags], ...server } });
  return mcpClientFromPlan(plan!);
}

async function timed<T>(work: Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const value = await work;
  return [value, Date.now() - started];
}

describe('fault handling with a misbehaving stdio server', () => {
  it('crash mid-call: an error Observation with the exit code and stderr, then a reconnect on the next call', async () => {
    const toolset = await faultTools();
    const firstPid = toolset.clients[0]!.pid!;
    const [crashed, ms] = await timed(call(toolset, 'crash'));
    expect(ms).toBeLessThan(3_000);
    expect(crashed.isError).toBe(true);
    expect(crashed.errorCode).toBe('MCP_CONNECTION');
    expect(crashed.text).toContain("MCP server 'faulty' dropped the connection during the call to 'crash' (the server process exited with code 3).");
    expect(crashed.text).toContain('  | fault-server: crashing on purpose (simulated segfault)');
    expect(crashed.text).toContain('The server will be reconnected on the next call.');
    expect(isAlive(firstPid)).toBe(false);
    const again = await call(toolset, 'echo', { text: 'back' });
    expect(again.text).toBe('back');
    const secondPid = toolset.clients[0]!.pid!;
    expect(secondPid).not.toBe(firstPid);
    pids.push(secondPid);
  });

  it('a server that crashes and then exits at start: the next call is an error Observation saying why', async () => {
    const marker = join(await mkdtemp(join(tmpdir(), 'toolwright-fault-')), 'started');
    const toolset = await faultTools(['--exit-on-restart', marker]);
    expect((await call(toolset, 'crash')).errorCode).toBe('MCP_CONNECTION');
    const [observation, ms] = await timed(call(toolset, 'echo', { text: 'x' }));
    expect(ms).toBeLessThan(3_000);
    expect(observation.isError).toBe(true);
    expect(observation.errorCode).toBe('MCP_CONNECTION');
    expect(observation.text).toContain(
      "The connection to MCP server 'faulty' was lost (the server process exited with code 3) and reconnecting failed: the server process exited with code 4 during startup.",
    );
    expect(observation.text).toContain('  | fatal: database is locked by a previous run');
    pids.push(toolset.clients[0]!.pid!);
    await rm(dirname(marker), { recursive: true, force: true });
  });

  it('hang: times out within its limit, cancels the request, and the connection stays usable', async () => {
    const toolset = await faultTools([], { timeoutMs: 300 });
    const [hung, ms] = await timed(call(toolset, 'hang'));
    expect(ms).toBeGreaterThanOrEqual(290);
    expect(ms).toBeLessThan(1_500);
    expect(hung.errorCode).toBe('TIMEOUT');
    expect(hung.text).toBe(
      "Tool 'hang' on MCP server 'faulty' timed out after 300 ms; the request was cancelled and the connection stays open. Try a smaller task, or raise the server's timeoutMs.",
    );
    expect((await call(toolset, 'echo', { text: 'alive' })).text).toBe('alive');
  });

  it('exit at start: a clear connection error with the exit code and stderr, not a hang', async () => {
    const client = clientFor(['--exit-at-start']);
    const [error, ms] = await timed(client.connect().catch((e: unknown) => e));
    expect(ms).toBeLessThan(3_000);
    expect(error).toMatchObject({ code: 'MCP_CONNECTION' });
    const message = (error as Error).message;
    expect(message).toContain(`Could not connect to MCP server 'faulty' (${process.execPath} ${FAULT_SERVER} --exit-at-start): the server process exited with code 2 during startup.`);
    expect(message).toContain('  | fatal: FAULT_API_KEY is not set');
    expect(isAlive(client.pid!)).toBe(false);
    await client.close();
  });

  it('garbage on stdout: fails fast naming what was printed', async () => {
    const client = clientFor(['--garbage']);
    const [error, ms] = await timed(client.connect().catch((e: unknown) => e));
    expect(ms).toBeLessThan(3_000);
    expect((error as Error).message).toContain(
      `: it wrote something that is not JSON-RPC on stdout: "Welcome to the fault server! Listening..." (stdout is reserved for MCP messages; logs belong on stderr).`,
    );
    await client.close();
    expect(isAlive(client.pid!)).toBe(false);
  });

  it('a command that does not exist: a clear error', async () => {
    await expect(createMcpTools({ mcpServers: { ghost: { command: '/no/such/mcp-server' } } })).rejects.toThrow(
      "Could not connect to MCP server 'ghost' (/no/such/mcp-server): could not start '/no/such/mcp-server': command not found: /no/such/mcp-server (ENOENT).",
    );
  });

  it('huge output: large results arrive whole; one over the limit is an error Observation and the connection stays', async () => {
    const toolset = await faultTools([], {}, { maxMessageBytes: 4 * 1024 * 1024 });
    const [big, ms] = await timed(call(toolset, 'huge', { mib: 3 }));
    expect(big.isError).toBe(false);
    expect(big.text).toHaveLength(3 * 1024 * 1024);
    expect(ms).toBeLessThan(3_000);
    const tooBig = await call(toolset, 'huge', { mib: 6 });
    expect(tooBig.errorCode).toBe('EXECUTION_FAILED');
    expect(tooBig.text).toMatch(
      /^Tool 'huge' on MCP server 'faulty' returned a result too large to accept \(The response was too large: a message of \d+ bytes exceeded the limit of 4194304 bytes and was dropped\.\)\. Ask for less output/,
    );
    expect((await call(toolset, 'echo', { text: 'still fine' })).text).toBe('still fine');
  });

  it('list_changed at runtime: tools are added, removed and rebuilt, and the change is reported', async () => {
    const changes: McpToolsChange[] = [];
    let notify: () => void = () => undefined;
    const toolset = await faultTools([], {}, { onToolsChanged: (change) => (changes.push(change), notify()) });
    const next = (): Promise<void> => new Promise((resolve) => (notify = resolve));
    let waiting = next();
    await call(toolset, 'mutate', { action: 'add', name: 'extra' });
    await waiting;
    expect(changes.at(-1)).toEqual({ server: 'faulty', added: ['extra'], removed: [], changed: [] });
    expect((await call(toolset, 'extra')).text).toBe('extra called');
    waiting = next();
    await call(toolset, 'mutate', { action: 'remove', name: 'hang' });
    await waiting;
    expect(changes.at(-1)).toEqual({ server: 'faulty', added: [], removed: ['hang'], changed: [] });
    expect(toolset.tools.some((t) => t.name === 'hang')).toBe(false);
    waiting = next();
    await call(toolset, 'mutate', { action: 'change', name: 'echo' });
    await waiting;
    expect(changes.at(-1)).toEqual({ server: 'faulty', added: [], removed: [], changed: ['echo'] });
    const echo = toolset.tools.find((t) => t.name === 'echo')!;
    expect(echo.description).toBe('Echo the text back. (changed)');
    expect(() => echo.actionFromArguments({ text: 'x' })).toThrow('n: expected integer, got nothing (required field missing)');
  });

  it('abort: cancels a running call and leaves the connection usable', async () => {
    const toolset = await faultTools();
    const tool = toolset.tools.find((t) => t.name === 'slow')!;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const [observation, ms] = await timed(tool.call(tool.actionFromArguments({ ms: 5_000 }), { signal: controller.signal }));
    expect(ms).toBeLessThan(1_000);
    expect(observation.errorCode).toBe('ABORTED');
    expect((await call(toolset, 'echo', { text: 'ok' })).text).toBe('ok');
  });

  it('close: a server that ignores SIGTERM and stdin EOF is killed within the close timeout', async () => {
    const toolset = await faultTools(['--ignore-sigterm'], {}, { closeTimeoutMs: 1_000 });
    const pid = toolset.clients[0]!.pid!;
    const [, ms] = await timed(toolset.close());
    expect(ms).toBeLessThan(1_600);
    expect(isAlive(pid)).toBe(false);
    expect(toolset.clients[0]!.stderrTail()).toContain('fault-server: ignoring SIGTERM');
  });

  it("close: the server's own child processes go with it", async () => {
    const toolset = await faultTools(['--grandchild'], {}, { closeTimeoutMs: 1_000 });
    const grandchild = Number((await call(toolset, 'grandchild_pid')).text);
    expect(isRunning(grandchild)).toBe(true);
    await toolset.close();
    expect(await stillRunningAfter(grandchild, 1_000)).toBe(false);
  });
});
