import { ErrorCode, textContent, ToolwrightError } from '@toolwright/sdk';
import type { InvocationContext, ProvidedToolDef, ToolGroupProvider } from '../runtime/tool-group-provider.js';
import type { ToolDef } from '../runtime/tool-def.js';
import type { RegisteredToolGroup } from '../runtime/tool-group.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';

/** The provider id of client tool groups. */
export const CLIENT_PROVIDER_ID = 'client';

/**
 * Tools the caller runs itself (declared with the agent). Invoking one does not run anything:
 * the result is `pending` (not an error), and the turn ends until the caller answers with
 * `resumeToolTurn`. Declare a group's tools with {@link ClientToolsProvider.declare} before
 * registering the group (`providerId: 'client'`). Their `metadata.client` is `true`.
 */
export class ClientToolsProvider implements ToolGroupProvider {
  readonly id = CLIENT_PROVIDER_ID;
  private readonly groups = new Map<string, readonly ProvidedToolDef[]>();

  /** Declares the tools of a client group (replacing earlier ones). */
  declare(toolgroupId: string, tools: readonly ProvidedToolDef[]): this {
    const names = new Set<string>();
    for (const tool of tools) {
      if (names.has(tool.name)) throw new ToolwrightError({ code: ErrorCode.DUPLICATE_TOOL, message: `Client tool '${tool.name}' is declared twice in group '${toolgroupId}'.` });
      names.add(tool.name);
    }
    this.groups.set(toolgroupId, tools.map((tool) => ({ ...tool, metadata: { ...tool.metadata, client: true } })));
    return this;
  }

  checkGroup(group: RegisteredToolGroup): void {
    if (!this.groups.has(group.toolgroupId)) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_SPEC,
        message: `Client tool group '${group.toolgroupId}' has no declared tools; call declare('${group.toolgroupId}', tools) on the client provider first.`,
        details: { toolgroupId: group.toolgroupId },
      });
    }
  }

  listTools(group: RegisteredToolGroup): readonly ProvidedToolDef[] {
    return this.groups.get(group.toolgroupId) ?? [];
  }

  invoke(tool: ToolDef, kwargs: Record<string, unknown>, ctx: InvocationContext): ToolInvocationResult {
    return {
      content: [textContent(`Tool '${tool.name}' runs on the client; the turn waits for its result.`)],
      pending: { callId: ctx.callId ?? '', toolName: tool.name, toolgroupId: ctx.group.toolgroupId, arguments: kwargs },
    };
  }

  releaseGroup(group: RegisteredToolGroup): void {
    this.groups.delete(group.toolgroupId);
  }
}
