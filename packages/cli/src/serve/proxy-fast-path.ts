import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, Observation, ToolwrightError } from '@toolwright/sdk';
import type { PermissionDecision, Policy } from '@toolwright/sdk/policy';
import type { ResourceLocks } from '@toolwright/sdk/internal';
import type { ToolDefinition } from '@toolwright/sdk';
import { MCPToolDefinition, MCPToolExecutor, rawToolCall, RawCallUnsent } from '@toolwright/sdk/mcp';
import type { RawCallCanceller, RawProgress } from '@toolwright/sdk/mcp';
import { toCallToolResult } from './call-tool-result.js';
import type { ServedToolset } from './served-toolset.js';

/** A served toolset that can say when a call would run through nothing but its tool (the CLI's `Toolset`). */
export interface PlainCallSource {
  /** The tool, its locks and, when a policy applies, the policy the call must pass first. */
  plainCallTarget(name: string): { tool: ToolDefinition; locks: ResourceLocks; policy?: Policy } | undefined;
}

/**
 * True when `policy` allows the call outright; the decision is then recorded in the audit log as
 * the permission phase records it. An ask, a deny, rewritten arguments, an asynchronous check, a
 * check or an audit log that fails: false, and the usual path decides (and asks, refuses or fails
 * closed) as for any call.
 */
function allowedByPolicy(policy: Policy, tool: MCPToolDefinition, action: ReturnType<MCPToolDefinition['actionFromArguments']>, args: Record<string, unknown>, toolCallId: string): boolean {
  let decision: PermissionDecision | Promise<PermissionDecision>;
  try {
    decision = policy.check(tool, action);
  } catch {
    return false;
  }
  if (typeof (decision as { then?: unknown }).then === 'function') return false;
  const { behavior, updatedInput } = decision as PermissionDecision;
  if (behavior !== 'allow' || updatedInput !== undefined) return false;
  try {
    const { reason, message, rule } = decision as PermissionDecision;
    policy.record({ toolCallId, toolName: tool.name, decision: 'allow', reason, message, rule, arguments: args });
  } catch {
    return false;
  }
  return true;
}

/** Least time between the last progress notification of a call and its result (as `createToolServer`'s served calls keep). */
const PROGRESS_GAP_MS = 5;

type ResourceAccess = Parameters<ResourceLocks['acquire']>[0];

/** An error Observation, as the call pipeline makes one from an executor's error. */
const errorObservation = (message: string, code: string): Observation => Observation.fromText(message, { isError: true, errorCode: code });

const READ: ResourceAccess = Object.freeze({ write: false, all: true, resources: new Set<string>() });
const WRITE: ResourceAccess = Object.freeze({ write: true, all: true, resources: new Set<string>() });

type RequestId = string | number;

/** A call in flight on the fast path: cancelled by the client (before or while the upstream has it). */
interface FastCall extends RawCallCanceller {
  cancelled: boolean;
}

/** Serve's fast path for proxied calls (see {@link proxyFastPath}). */
export interface ProxyFastPath {
  /**
   * Sees each message from the client (parsed JSON, not yet checked as JSON-RPC); true when it
   * took it. `deliver` hands it to the MCP server after all (when the fast path gives up on it).
   */
  intercept(message: unknown, deliver: () => void): boolean;
  /** Calls that took the fast path so far. */
  readonly taken: number;
  /** Aborts the calls in flight (the session ended). */
  close(): void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `_meta` of a call the fast path takes: none, or only a progress token. */
function progressTokenOf(meta: unknown): RequestId | undefined | false {
  if (meta === undefined) return undefined;
  if (!isObject(meta)) return false;
  for (const key in meta) if (key !== 'progressToken') return false;
  const token = meta.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : false;
}

/**
 * A fast path for `tools/call` of a proxied upstream tool over `serve --stdio`, taken only when
 * nothing of Toolwright's call path applies to the call but the policy, and the policy allows it
 * outright (recorded in its audit log; no middleware, approval, hooks or toolsets; the tool is the upstream's own MCP tool without tool middleware; the upstream is a
 * connected stdio server whose sampling/elicitation do not go to the caller): the arguments are
 * checked as the tool checks them, the call takes its place in the conversation's resource locks,
 * and the request goes straight over the upstream's transport (`rawToolCall`), bypassing the
 * MCP SDK's server and client layers; the result becomes the same `CallToolResult` (the tool's own
 * Observation, `toCallToolResult`), errors the same error results, progress is forwarded with the
 * client's token, and the client's cancellation cancels the upstream request (no response, as the
 * SDK server does). Anything else — other methods, arguments the tool refuses, a request the
 * transport could not send — goes to the MCP server as before. Undefined when the toolset
 * proxies nothing.
 */
export function proxyFastPath(toolset: ServedToolset, server: Server, send: (message: JSONRPCMessage) => Promise<void>): ProxyFastPath | undefined {
  const source = toolset as ServedToolset & Partial<PlainCallSource>;
  if (!toolset.upstreams || typeof source.plainCallTarget !== 'function') return undefined;
  const plainCallTarget = source.plainCallTarget.bind(toolset);
  const inFlight = new Map<RequestId, FastCall>();
  const cancel = (call: FastCall, reason: unknown): void => {
    call.cancelled = true;
    call.cancel?.(reason);
  };
  let taken = 0;

  const run = async (id: RequestId, tool: MCPToolDefinition, args: Record<string, unknown>, token: RequestId | undefined, locks: ResourceLocks, deliver: () => void): Promise<void> => {
    const fastCall: FastCall = { cancelled: false };
    inFlight.set(id, fastCall);
    let release: (() => void) | undefined;
    let sending: Promise<unknown> = Promise.resolve();
    let lastProgressAt = 0;
    const onProgress =
      token === undefined
        ? undefined
        : (report: RawProgress): void => {
            const params: { progressToken: RequestId; progress: number; total?: number; message?: string } = { progressToken: token, progress: report.progress };
            if (report.total !== undefined) params.total = report.total;
            if (report.message !== undefined) params.message = report.message;
            sending = Promise.all([sending, send({ jsonrpc: '2.0', method: 'notifications/progress', params }).catch(() => undefined)]);
            lastProgressAt = Date.now();
          };
    try {
      const lock = locks.acquire(tool.annotations.readOnlyHint === true ? READ : WRITE);
      release = typeof lock === 'function' ? lock : await lock;
      // A cancelled request gets no response (as the SDK server does).
      if (fastCall.cancelled) return;
      const channel = (tool.executor as MCPToolExecutor).client.rawChannel();
      let observation: Observation | undefined;
      if (channel) {
        try {
          const options = onProgress ? { canceller: fastCall, onProgress } : { canceller: fastCall };
          observation = tool.observationFromResult(await rawToolCall(channel, tool.mcpName, args, options));
        } catch (error) {
          if (!(error instanceof RawCallUnsent)) {
            observation = ToolwrightError.isInstance(error) ? errorObservation(error.message, error.code) : errorObservation(`MCP tool '${tool.mcpName}' failed: ${String(error)}`, ErrorCode.EXECUTION_FAILED);
          }
        }
      }
      if (!observation) {
        // Reconnecting meanwhile, or the request could not be sent: the usual path after all (nothing reached the upstream).
        release();
        release = undefined;
        inFlight.delete(id);
        deliver();
        return;
      }
      release();
      release = undefined;
      // A cancelled request gets no response (as the SDK server does).
      if (fastCall.cancelled) return;
      const result: CallToolResult = toCallToolResult(observation, tool);
      await sending;
      const sinceProgress = Date.now() - lastProgressAt;
      if (sinceProgress < PROGRESS_GAP_MS) await new Promise((resolve) => setTimeout(resolve, PROGRESS_GAP_MS - sinceProgress));
      if (fastCall.cancelled) return;
      await send({ result, jsonrpc: '2.0', id } as JSONRPCMessage);
    } finally {
      release?.();
      if (inFlight.get(id) === fastCall) inFlight.delete(id);
    }
  };

  return {
    get taken() {
      return taken;
    },
    intercept(message, deliver) {
      if (!isObject(message) || message.jsonrpc !== '2.0') return false;
      const { method } = message;
      if (method === 'notifications/cancelled') {
        const params = message.params;
        const requestId = isObject(params) ? params.requestId : undefined;
        const call = typeof requestId === 'string' || typeof requestId === 'number' ? inFlight.get(requestId) : undefined;
        if (!call) return false;
        cancel(call, isObject(params) ? params.reason : undefined);
        return true;
      }
      if (method !== 'tools/call') return false;
      const id = message.id;
      if ((typeof id !== 'string' && typeof id !== 'number') || inFlight.has(id) || server.getClientCapabilities() === undefined) return false;
      const params = message.params;
      if (!isObject(params)) return false;
      for (const key in params) if (key !== 'name' && key !== 'arguments' && key !== '_meta') return false;
      const { name, arguments: args = {} } = params;
      const token = progressTokenOf(params._meta);
      if (typeof name !== 'string' || !isObject(args) || token === false) return false;
      const target = plainCallTarget(name);
      const tool = target?.tool;
      if (!target || !(tool instanceof MCPToolDefinition) || tool.constructor !== MCPToolDefinition || tool.middleware.length > 0) return false;
      if (!(tool.executor instanceof MCPToolExecutor) || !tool.executor.client.rawChannel()) return false;
      let action: ReturnType<MCPToolDefinition['actionFromArguments']>;
      try {
        action = tool.actionFromArguments(args);
      } catch {
        // Refused arguments: the usual path words the same refusal.
        return false;
      }
      // Under a policy, only a call it allows outright (its toolCallId as the usual path names it).
      if (target.policy && !allowedByPolicy(target.policy, tool, action, args, `mcp-${String(id)}`)) return false;
      const data = action.data;
      taken += 1;
      void run(id, tool, data, token, target.locks, deliver).catch(() => undefined);
      return true;
    },
    close() {
      for (const call of inFlight.values()) cancel(call, 'The client went away.');
      inFlight.clear();
    },
  };
}
