import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CreateMessageResultSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CreateMessageRequest, ElicitRequest as McpElicitRequest, LoggingLevel, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { lazyJsonSchemaValidator } from './lazy-json-schema-validator.js';
import type { ClientHandlers, ClientLogLevel, ElicitRequest, ElicitResult, SampleRequest, SampleResult } from '../tool/client-handlers.js';

/** MCP's log levels, least severe first (RFC 5424 order). */
const LEVELS: readonly ClientLogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The least severe level the client wants, per server session (`logging/setLevel`; default: everything). */
export class ClientLogLevelSetting {
  private minimum = 0;

  /** Sets the threshold; false for a level MCP does not define. */
  set(level: unknown): boolean {
    const index = LEVELS.indexOf(level as ClientLogLevel);
    if (index < 0) return false;
    this.minimum = index;
    return true;
  }

  /** True when a message of `level` reaches the client. */
  accepts(level: ClientLogLevel): boolean {
    return LEVELS.indexOf(level) >= this.minimum;
  }
}

/** Checks accepted elicitation answers against the requested schema (its Ajv made on the first one). */
const validators = lazyJsonSchemaValidator();

/**
 * What a served call's tool may ask of the MCP client, limited to what the client declared:
 * logging always (the server declares it; filtered by the client's `logging/setLevel`), sampling
 * when the client declared `sampling`, elicitation when it declared `elicitation` (form mode).
 * Each goes out on the call's own request stream (so Streamable HTTP routes it with the call),
 * and an answer that breaks the protocol's shape, or an accepted elicitation that does not match
 * the requested schema, is an error for the tool.
 */
export function servedClientHandlers(
  server: Server,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  toolName: string,
  logLevel: ClientLogLevelSetting,
): ClientHandlers {
  const declared = server.getClientCapabilities() ?? {};
  // The SDK offers it only with an event store and a client that can resume (2025-11-25+).
  const closeSSEStream = extra.closeSSEStream;
  const handlers: ClientHandlers = {
    async log(level: ClientLogLevel, data: unknown): Promise<void> {
      if (!LEVELS.includes(level)) throw new TypeError(`Unknown log level '${String(level)}'; expected one of ${LEVELS.join(', ')}.`);
      if (!logLevel.accepts(level)) return;
      await extra.sendNotification({ method: 'notifications/message', params: { level: level as LoggingLevel, logger: toolName, data } });
    },
  };
  if (closeSSEStream) {
    handlers.closeStream = (): boolean => {
      closeSSEStream();
      return true;
    };
  }
  if (declared.sampling) {
    handlers.sample = async (request: SampleRequest): Promise<SampleResult> => {
      const params = { ...request } as CreateMessageRequest['params'];
      const result = await extra.sendRequest({ method: 'sampling/createMessage', params }, CreateMessageResultSchema, { signal: extra.signal });
      const answer: SampleResult = { role: 'assistant', content: result.content as SampleResult['content'] };
      if (result.model !== undefined) answer.model = result.model;
      if (result.stopReason !== undefined) answer.stopReason = result.stopReason;
      return answer;
    };
  }
  const elicitation = declared.elicitation as { form?: object; url?: object } | undefined;
  // An empty `elicitation: {}` means form mode (the protocol's backwards-compatible default).
  if (elicitation && (elicitation.form !== undefined || elicitation.url === undefined)) {
    handlers.elicit = async (request: ElicitRequest): Promise<ElicitResult> => {
      const params = { message: request.message, requestedSchema: request.requestedSchema } as McpElicitRequest['params'];
      const result = await extra.sendRequest({ method: 'elicitation/create', params }, ElicitResultSchema, { signal: extra.signal });
      if (result.action !== 'accept') return { action: result.action };
      const content = (result.content ?? {}) as Record<string, unknown>;
      const verdict = validators.getValidator(request.requestedSchema)(content);
      if (!verdict.valid) throw new Error(`The client's answer does not match the requested schema: ${verdict.errorMessage ?? 'invalid'}.`);
      return { action: 'accept', content };
    };
  }
  return handlers;
}
