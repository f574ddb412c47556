import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode as JsonRpcCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeError, isErrorLike } from './describe-error.js';
import type { McpCallOptions } from './mcp-call-options.js';
import type { ValidationIssue } from '../schema/validation-issue.js';
import { INVALID_RESULT_CODE, INVALID_RESULT_PREFIX } from './incoming-message-gate.js';
import { OVERSIZE_ERROR_CODE, StdioProcessTransport } from './stdio-process-transport.js';
import { formatMs } from './with-timeout.js';

/** What an {@link MCPClient} error message says about the client. */
export interface McpClientFacts {
  server: string;
  /** Where the server is (`node server.js`, a URL). */
  target: string;
  /** The stdio server's last stderr lines, formatted (or ''). */
  tail: string;
  /** Why the connection was lost, when it was. */
  dropReason?: string;
  callTimeoutMs: number;
}

/** Why a session ended, in words: the child's exit or the transport's last error. */
export function describeDrop(transport: Transport, lastError: Error | undefined): string {
  if (transport instanceof StdioProcessTransport) {
    if (transport.failure) return transport.failure;
    return `the server process ${transport.describeExit() ?? 'closed its output'}`;
  }
  return lastError ? `the connection closed: ${describeError(lastError)}` : 'the connection closed';
}

/** Where a connection attempt was: starting the transport, the `initialize` handshake, the first `tools/list`. */
export type StartupStep = 'start' | 'initialize' | 'tools/list';

/** What a failed connection attempt knew when it gave up. */
export interface StartupFacts {
  step: StartupStep;
  /** The connect limit ran out. */
  timedOut: boolean;
  connectTimeoutMs: number;
  /** How a stdio server's process ended by itself (before the client closed it), if it did. */
  ownExit?: string;
}

/** `MCP_CONNECTION`: the server could not be reached, or did not start. */
export function connectError(facts: McpClientFacts, error: unknown, transport: Transport | undefined, startup: StartupFacts): ToolwrightError {
  let reason: string;
  if (transport instanceof StdioProcessTransport && transport.failure) reason = transport.failure;
  else if (startup.ownExit) reason = `the server process ${startup.ownExit} during startup`;
  else if (startup.timedOut) reason = `it did not answer ${STEP_WORDS[startup.step]} within the connect timeout (${formatMs(startup.connectTimeoutMs)})`;
  else if (error instanceof McpError && error.code === JsonRpcCode.ConnectionClosed) reason = 'the server closed the connection during startup';
  else if (isInvalidResult(error)) reason = `the server answered ${STEP_WORDS[startup.step]} with an invalid result: ${invalidResultText(error)}`;
  // A reason that is a sentence already (an OAuth failure) keeps one full stop.
  else reason = describeError(error).replace(/\.$/, '');
  return new ToolwrightError({
    code: ErrorCode.MCP_CONNECTION,
    message: `Could not connect to MCP server '${facts.server}' (${facts.target}): ${reason}.${facts.tail}`,
    details: { server: facts.server, reason },
    cause: error,
  });
}

const STEP_WORDS: Record<StartupStep, string> = { start: 'at all', initialize: "the 'initialize' request", 'tools/list': "the 'tools/list' request" };

/** The MCP SDK's result check failed (zod 3 names its error `ZodError`, zod 4 `$ZodError`). */
function isZodError(error: unknown): error is { issues: { path?: unknown; message?: unknown }[] } & Error {
  return isErrorLike(error) && (error.name === 'ZodError' || error.name === '$ZodError') && Array.isArray((error as { issues?: unknown }).issues);
}

/** A malformed result: the SDK's schema check failed, or the incoming gate replaced a malformed response. */
function isInvalidResult(error: unknown): boolean {
  return isZodError(error) || (error instanceof McpError && error.code === INVALID_RESULT_CODE);
}

/** What was wrong with an invalid result, in one line: `content: Invalid input: expected array, received string`. */
function invalidResultText(error: unknown): string {
  if (isZodError(error)) {
    const issues = error.issues.slice(0, 3).map((issue) => {
      const path = Array.isArray(issue.path) && issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
      return `${path.slice(0, 100)}: ${String(issue.message).slice(0, 200)}`;
    });
    return `${issues.join('; ')}${error.issues.length > 3 ? `; and ${error.issues.length - 3} more` : ''}`;
  }
  return describeError(error).replace(INVALID_RESULT_PREFIX, '');
}

/** `INVALID_ARGUMENTS`: arguments JSON cannot carry, refused before anything was sent. */
export function unsendableError(server: string, tool: string, issue: ValidationIssue): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.INVALID_ARGUMENTS,
    message: `The arguments of '${tool}' cannot be sent to MCP server '${server}': ${issue.message}.`,
    details: { server, tool, issues: [issue] },
  });
}

/** An error thrown while turning a message into JSON on our side (a local fault, not an unreachable server). */
function isSerializationError(error: unknown): boolean {
  if (!isErrorLike(error)) return false;
  if (error.name === 'RangeError' || error.name === 'SerializationError') return true;
  return error.name === 'TypeError' && /circular structure|BigInt/i.test(error.message);
}

/** `MCP_CONNECTION` for a call that needed a (re)connection that failed. */
export function reconnectError(facts: McpClientFacts, error: unknown, tool: string, lost: string | undefined): ToolwrightError {
  const why = (ToolwrightError.isInstance(error) ? String(error.details.reason ?? error.message) : describeError(error)).replace(/\.$/, '');
  const message = lost
    ? `The connection to MCP server '${facts.server}' was lost (${lost}) and reconnecting failed: ${why}.${facts.tail}`
    : `Could not connect to MCP server '${facts.server}' (${facts.target}): ${why}.${facts.tail}`;
  return new ToolwrightError({ code: ErrorCode.MCP_CONNECTION, message, details: { server: facts.server, tool }, cause: error });
}

/** `CLOSED`: the client was closed. */
export function closedError(server: string, tool?: string): ToolwrightError {
  return new ToolwrightError({
    code: ErrorCode.CLOSED,
    message: `The MCP client for server '${server}' is closed${tool ? `, so '${tool}' cannot be called` : ''}. Create the tools again to reconnect.`,
    details: { server, tool },
  });
}

/** `Tool 'x'`, or `Request 'prompts/get'` for requests other than tool calls (`MCPClient.send`). */
function subject(tool: string, options: McpCallOptions): string {
  return (options as { request?: boolean }).request === true ? `Request '${tool}'` : `Tool '${tool}'`;
}

/**
 * The error of a failed `tools/call`: `ABORTED`, `TIMEOUT` (naming the limit), `MCP_CONNECTION`
 * (dropped mid-call, or unreachable), `EXECUTION_FAILED` (a JSON-RPC error, an oversized or a
 * malformed result). ToolwrightErrors pass through.
 */
export function callError(facts: McpClientFacts, error: unknown, tool: string, options: McpCallOptions): ToolwrightError {
  if (ToolwrightError.isInstance(error)) return error;
  const { server } = facts;
  const details = { server, tool };
  if (options.signal?.aborted) {
    const reason: unknown = options.signal.reason;
    if (ToolwrightError.isInstance(reason)) return reason;
    return new ToolwrightError({ code: ErrorCode.ABORTED, message: `The call to '${tool}' on MCP server '${server}' was cancelled.`, details });
  }
  if (isInvalidResult(error)) {
    return new ToolwrightError({
      code: ErrorCode.EXECUTION_FAILED,
      message: `${subject(tool, options)} failed: MCP server '${server}' sent an invalid result: ${invalidResultText(error)}. This is a fault of the server, not of the arguments.`,
      details: { ...details, invalidResult: true },
    });
  }
  if (error instanceof McpError) return rpcError(facts, error, tool, options);
  if (isSerializationError(error)) {
    return new ToolwrightError({
      code: ErrorCode.INVALID_ARGUMENTS,
      message: `The arguments of '${tool}' could not be sent to MCP server '${server}' as JSON: ${describeError(error).slice(0, 200)}.`,
      details,
    });
  }
  return new ToolwrightError({
    code: ErrorCode.MCP_CONNECTION,
    message: `The call to '${tool}' could not reach MCP server '${server}': ${describeError(error)}.${facts.tail}`,
    details,
    cause: error,
  });
}

function rpcError(facts: McpClientFacts, error: McpError, tool: string, options: McpCallOptions): ToolwrightError {
  const { server } = facts;
  const details = { server, tool };
  if (error.code === JsonRpcCode.RequestTimeout) {
    const timeoutMs = options.timeoutMs || facts.callTimeoutMs;
    return new ToolwrightError({
      code: ErrorCode.TIMEOUT,
      message: `${subject(tool, options)} on MCP server '${server}' timed out after ${formatMs(timeoutMs)}; the request was cancelled and the connection stays open. Try a smaller task, or raise the server's timeoutMs.`,
      details: { ...details, timeoutMs },
    });
  }
  if (error.code === JsonRpcCode.ConnectionClosed) {
    return new ToolwrightError({
      code: ErrorCode.MCP_CONNECTION,
      message: `MCP server '${server}' dropped the connection during the call to '${tool}' (${facts.dropReason ?? 'connection closed'}).${facts.tail}\nThe server will be reconnected on the next call.`,
      details,
    });
  }
  if (error.code === OVERSIZE_ERROR_CODE) {
    return new ToolwrightError({
      code: ErrorCode.EXECUTION_FAILED,
      message: `${subject(tool, options)} on MCP server '${server}' returned a result too large to accept (${describeError(error)}). Ask for less output, e.g. a narrower query or one page at a time.`,
      details: { ...details, ...(error.data as object) },
    });
  }
  return new ToolwrightError({
    code: ErrorCode.EXECUTION_FAILED,
    message: `MCP server '${server}' rejected the call to '${tool}': ${describeError(error)} (JSON-RPC error ${error.code}).`,
    details: { ...details, rpcCode: error.code },
  });
}

/**
 * Errors from the transport's send (not JSON-RPC answers, not result parsing, not our own
 * serialising): the request never arrived, so reconnecting and sending again is safe.
 */
export function isUndelivered(error: unknown): boolean {
  if (ToolwrightError.isInstance(error) || error instanceof McpError) return false;
  return !isZodError(error) && !isSerializationError(error);
}
