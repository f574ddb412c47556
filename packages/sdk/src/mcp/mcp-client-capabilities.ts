import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ErrorCode as JsonRpcCode, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities, CreateMessageResult, ElicitResult as McpElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ClientHandlers, ElicitRequest, ElicitResult, SampleRequest, SampleResult } from '../tool/client-handlers.js';
import type { McpCallerRouter } from './mcp-caller-router.js';

/** What an {@link MCPClient} offers its server, with handlers resolved (see `McpClientCapabilitiesConfig`). */
export interface McpClientCapabilities {
  /** Answers `sampling/createMessage`. */
  sampling?: (request: SampleRequest) => Promise<SampleResult>;
  /** Answers `elicitation/create` (form mode); `'defaults'` accepts with the schema's defaults. */
  elicitation?: ((request: ElicitRequest) => Promise<ElicitResult>) | 'defaults';
  /** Answers `roots/list`. */
  roots?: readonly { uri: string; name?: string }[];
  /**
   * Requests that arrive while a call is in flight are answered by that call's own client (the
   * `client` given to `callTool`, e.g. a proxied call's downstream MCP client) instead of the
   * handler above, which then answers only outside calls. Set for handlers that stand for "the
   * host" (`true` in the config); default false.
   */
  fromCaller?: { sampling?: boolean; elicitation?: boolean };
}

/** The capabilities announced at `initialize`: exactly those with an answer. */
export function declaredCapabilities(caps: McpClientCapabilities | undefined): ClientCapabilities {
  const declared: ClientCapabilities = {};
  if (!caps) return declared;
  if (caps.sampling) declared.sampling = {};
  // The SDK fills in the requested schema's defaults for fields an accepted answer leaves out.
  if (caps.elicitation) declared.elicitation = { form: { applyDefaults: true } };
  if (caps.roots) declared.roots = { listChanged: false };
  return declared;
}

/** An accepted answer made of the schema's defaults, or a decline when a required field has none. */
function acceptDefaults(schema: JsonSchema): ElicitResult {
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  if (required.some((key) => properties[key]?.default === undefined)) return { action: 'decline' };
  return { action: 'accept', content: {} };
}

/**
 * The handler of the call in flight when the capability follows the caller (one that refuses
 * when that call's client lacks it), or undefined outside calls (the configured handler answers).
 */
function callerHandler<K extends 'sample' | 'elicit'>(router: McpCallerRouter | undefined, follows: boolean | undefined, key: K, what: string): NonNullable<ClientHandlers[K]> | undefined {
  if (!follows || !router) return undefined;
  const { caller, ambiguous } = router.resolve();
  if (ambiguous) {
    const refusal = Object.assign(new Error(`${what} cannot be forwarded: calls of several clients are in progress on this connection, and the request does not say which one it belongs to.`), {
      code: JsonRpcCode.InternalError,
    });
    return (() => Promise.reject(refusal)) as NonNullable<ClientHandlers[K]>;
  }
  if (!caller) return undefined;
  const own = caller[key];
  if (own) return own.bind(caller) as NonNullable<ClientHandlers[K]>;
  // A plain error with a code: the SDK sends `message` as is (an McpError's carries its code again).
  const refusal = Object.assign(new Error(`${what} is not supported by the client of the call in progress.`), { code: JsonRpcCode.MethodNotFound });
  return (() => Promise.reject(refusal)) as NonNullable<ClientHandlers[K]>;
}

/**
 * Registers the answers to the server's sampling, elicitation and roots requests on `client`.
 * With `router`, capabilities marked `fromCaller` are answered by the client of the call in flight.
 */
export function installCapabilityHandlers(client: Client, caps: McpClientCapabilities | undefined, router?: McpCallerRouter): void {
  if (!caps) return;
  const { sampling, elicitation, roots, fromCaller } = caps;
  if (sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request): Promise<CreateMessageResult> => {
      const handler = callerHandler(router, fromCaller?.sampling, 'sample', 'Sampling') ?? sampling;
      const answer = await handler(request.params as unknown as SampleRequest);
      const result: CreateMessageResult = { role: 'assistant', content: answer.content as CreateMessageResult['content'], model: answer.model ?? 'unknown' };
      if (answer.stopReason !== undefined) result.stopReason = answer.stopReason;
      return result;
    });
  }
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request): Promise<McpElicitResult> => {
      const params = request.params as { message: string; requestedSchema?: JsonSchema };
      const schema = params.requestedSchema ?? { type: 'object', properties: {} };
      const handler = callerHandler(router, fromCaller?.elicitation, 'elicit', 'Elicitation') ?? elicitation;
      const answer = handler === 'defaults' ? acceptDefaults(schema) : await handler({ message: params.message, requestedSchema: schema });
      // A fresh object: the SDK writes the defaults into the content it returns.
      return answer.action === 'accept' ? { action: 'accept', content: { ...(answer.content ?? {}) } as McpElicitResult['content'] } : { action: answer.action };
    });
  }
  if (roots) {
    const list = roots.map((root) => ({ ...root }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: list }));
  }
}
