import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ClientCapabilities, CreateMessageResult, ElicitResult as McpElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ElicitRequest, ElicitResult, SampleRequest, SampleResult } from '../tool/client-handlers.js';

/** What an {@link MCPClient} offers its server, with handlers resolved (see `McpClientCapabilitiesConfig`). */
export interface McpClientCapabilities {
  /** Answers `sampling/createMessage`. */
  sampling?: (request: SampleRequest) => Promise<SampleResult>;
  /** Answers `elicitation/create` (form mode); `'defaults'` accepts with the schema's defaults. */
  elicitation?: ((request: ElicitRequest) => Promise<ElicitResult>) | 'defaults';
  /** Answers `roots/list`. */
  roots?: readonly { uri: string; name?: string }[];
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

/** Registers the answers to the server's sampling, elicitation and roots requests on `client`. */
export function installCapabilityHandlers(client: Client, caps: McpClientCapabilities | undefined): void {
  if (!caps) return;
  const { sampling, elicitation, roots } = caps;
  if (sampling) {
    client.setRequestHandler(CreateMessageRequestSchema, async (request): Promise<CreateMessageResult> => {
      const answer = await sampling(request.params as unknown as SampleRequest);
      const result: CreateMessageResult = { role: 'assistant', content: answer.content as CreateMessageResult['content'], model: answer.model ?? 'unknown' };
      if (answer.stopReason !== undefined) result.stopReason = answer.stopReason;
      return result;
    });
  }
  if (elicitation) {
    client.setRequestHandler(ElicitRequestSchema, async (request): Promise<McpElicitResult> => {
      const params = request.params as { message: string; requestedSchema?: JsonSchema };
      const schema = params.requestedSchema ?? { type: 'object', properties: {} };
      const answer = elicitation === 'defaults' ? acceptDefaults(schema) : await elicitation({ message: params.message, requestedSchema: schema });
      // A fresh object: the SDK writes the defaults into the content it returns.
      return answer.action === 'accept' ? { action: 'accept', content: { ...(answer.content ?? {}) } as McpElicitResult['content'] } : { action: answer.action };
    });
  }
  if (roots) {
    const list = roots.map((root) => ({ ...root }));
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: list }));
  }
}
