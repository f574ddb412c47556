import type { Observation, ToolContext, ToolExecutor } from '@toolwright/sdk';
import type { MCPToolAction, MCPToolDefinition, MCPToolObservation } from '@toolwright/sdk/mcp';
import { redactedProviderData } from '../runtime/provider-data.js';
import type { InvokeToolOptions, ToolGroupRuntime } from '../runtime/tool-group-runtime.js';
import { callToolResultOf } from './call-tool-result-of.js';

/** The key of a call's `metadata` that carries per-request provider data (`serve --http` fills it from the header). */
export const PROVIDER_DATA_METADATA_KEY = 'providerData';

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Runs a group tool of {@link createToolGroupToolset} straight through `runtime.invokeTool`
 * (no MCP round trip per call). The call's provider data is the toolset's, with the call's own
 * `metadata.providerData` (per request, e.g. from `X-Toolwright-Provider-Data`) merged over it;
 * it goes to the provider only and is never put into the result. The provider also gets the call's
 * id, the conversation's id as the session, and the call's abort signal.
 */
export class GroupToolExecutor implements ToolExecutor<MCPToolAction, MCPToolObservation> {
  private readonly ref: string;
  /** Where the tool comes from, for listings (`toolwright list` shows `group:<toolgroupId> (<providerId>)`). */
  readonly toolGroupOrigin: { readonly toolgroupId: string; readonly providerId: string };

  constructor(
    private readonly runtime: ToolGroupRuntime,
    toolgroupId: string,
    toolName: string,
    private readonly tool: MCPToolDefinition,
    private readonly providerData: Readonly<Record<string, unknown>> | undefined,
  ) {
    this.ref = `${toolgroupId}/${toolName}`;
    this.toolGroupOrigin = Object.freeze({ toolgroupId, providerId: runtime.getToolGroup(toolgroupId).providerId });
  }

  async execute(action: MCPToolAction, ctx: ToolContext): Promise<MCPToolObservation | Observation> {
    const fromCall = ctx.metadata[PROVIDER_DATA_METADATA_KEY];
    // The conversation is the session (Llama passes session_id beside the arguments; so do we).
    const options: InvokeToolOptions = {
      providerData: isRecord(fromCall) ? redactedProviderData({ ...this.providerData, ...fromCall }) : this.providerData,
      callId: ctx.toolCallId,
      sessionId: ctx.state?.id,
    };
    if (ctx.cancellable) options.signal = ctx.signal;
    const result = await this.runtime.invokeTool(this.ref, action.data as Record<string, unknown>, options);
    return this.tool.observationFromResult(callToolResultOf(result));
  }
}
