import type { SchemaCheck, SchemaValidatorCache } from '@toolwright/sdk/mcp';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import { exposeTool } from './expose-tool.js';
import type { InvocationContext, ListingContext, ToolGroupProvider } from './tool-group-provider.js';
import type { ToolDef } from './tool-def.js';
import type { ToolGroup, ToolGroupStatus } from './tool-group.js';
import { messageOf } from './message-of.js';
import type { ToolHealth, ToolSettler } from './tool-settler.js';

/** One indexed tool: what the model sees, plus its lazily compiled argument check. */
export interface IndexedTool extends ToolHealth {
  readonly def: ToolDef;
  readonly entry: GroupEntry;
  check?: SchemaCheck;
  /** The group's fixed argument names (set on first call). */
  fixedKeys?: readonly string[];
  /** Its result handlers (set on first call). */
  settle?: ToolSettler;
  /** The context of a call without options (set on first such call; frozen). */
  plainContext?: InvocationContext;
}

let validators: Promise<SchemaValidatorCache> | undefined;

/** One validator cache for all runtimes; its module (the SDK's MCP subpath) loads on first indexing. */
export function schemaValidators(): Promise<SchemaValidatorCache> {
  return (validators ??= import('@toolwright/sdk/mcp').then((mcp) => new mcp.SchemaValidatorCache()));
}

/**
 * A registered group and its tool index: listed on first need, cached until unregistered or
 * refreshed. A failed listing is not cached (the next need tries again); its status says why.
 */
export class GroupEntry {
  status: ToolGroupStatus = { state: 'not-indexed' };
  tools?: ReadonlyMap<string, IndexedTool>;
  validators?: SchemaValidatorCache;
  private loading?: Promise<ReadonlyMap<string, IndexedTool>>;
  private failure?: { error: unknown; at: number };

  constructor(
    readonly group: ToolGroup,
    readonly provider: ToolGroupProvider,
    private readonly retryAfterMs: number,
  ) {}

  /**
   * The group's tools, listing them if needed. Throws the provider's error (status updated).
   * Unless `retry`, a listing that failed less than `retryAfterMs` ago fails again at once with
   * the same error, so that an unreachable group does not slow every lookup down.
   */
  index(ctx: ListingContext, retry = true): Promise<ReadonlyMap<string, IndexedTool>> {
    if (this.tools) return Promise.resolve(this.tools);
    if (!retry && !this.loading && this.failure && performance.now() - this.failure.at < this.retryAfterMs) return Promise.reject(this.failure.error);
    return (this.loading ??= this.load(ctx).finally(() => {
      this.loading = undefined;
    }));
  }

  /** Forgets the index; the next need lists again. */
  invalidate(): void {
    this.tools = undefined;
    this.failure = undefined;
    this.status = { state: 'not-indexed' };
  }

  private async load(ctx: ListingContext): Promise<ReadonlyMap<string, IndexedTool>> {
    try {
      const [listed, cache] = await Promise.all([this.provider.listTools(this.group, ctx), schemaValidators()]);
      const tools = new Map<string, IndexedTool>();
      for (const def of listed) {
        if (tools.has(def.name)) {
          throw new ToolwrightError({
            code: ErrorCode.DUPLICATE_TOOL,
            message: `Provider '${this.provider.id}' listed tool '${def.name}' twice for group '${this.group.toolgroupId}'.`,
            details: { toolgroupId: this.group.toolgroupId, tool: def.name },
          });
        }
        tools.set(def.name, { def: exposeTool(def, this.group), entry: this });
      }
      this.validators = cache;
      this.tools = tools;
      this.failure = undefined;
      this.status = { state: 'ready', toolCount: tools.size };
      return tools;
    } catch (error) {
      // Auth failures depend on the request's credentials: never reused.
      this.failure = ToolwrightError.hasCode(error, ErrorCode.AUTH_REQUIRED) ? undefined : { error, at: performance.now() };
      const text = messageOf(error);
      this.status = ToolwrightError.hasCode(error, ErrorCode.AUTH_REQUIRED) ? { state: 'auth-required', error: text } : { state: 'unreachable', error: text };
      throw error;
    }
  }
}
