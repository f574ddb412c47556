import type { SchemaCheck, SchemaValidatorCache } from '@toolwright/sdk/mcp';
import { ErrorCode, ToolwrightError } from '@toolwright/sdk';
import { exposeTool } from './expose-tool.js';
import type { InvocationContext, ListingContext, ProvidedToolDef, ToolGroupProvider } from './tool-group-provider.js';
import type { ToolDef } from './tool-def.js';
import type { RegisteredToolGroup, ToolGroupStatus } from './tool-group.js';
import { messageOf } from './message-of.js';
import type { ToolHealth, ToolSettler } from './tool-settler.js';

/** One indexed tool: what the model sees, plus its lazily compiled argument check. */
export interface IndexedTool extends ToolHealth {
  /** The tool as the model sees it (its exposed name). */
  readonly def: ToolDef;
  /** The same tool under the provider's own name: what the provider's `invoke` gets. */
  readonly providerDef: ToolDef;
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
    readonly group: RegisteredToolGroup,
    readonly provider: ToolGroupProvider,
    private readonly retryAfterMs: number,
    private readonly warn: (message: string) => void = () => undefined,
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

  /**
   * A listed tool, checked: a tool without a name is an error naming the provider and group; one
   * without `inputSchema` gets `{ type: 'object' }` (a tool without arguments) with a warning; a
   * schema that is not an object schema is an error naming the provider and the tool.
   */
  private checked(def: ProvidedToolDef): ProvidedToolDef {
    const where = `Provider '${this.provider.id}' (tool group '${this.group.toolgroupId}')`;
    const record = (typeof def === 'object' && def !== null ? def : {}) as Partial<ProvidedToolDef>;
    if (typeof record.name !== 'string' || record.name === '') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${where} listed a tool without a name; each tool needs { name, description, inputSchema }.`, details: { toolgroupId: this.group.toolgroupId } });
    }
    const schema: unknown = record.inputSchema;
    if (schema === undefined) {
      this.warn(`${where} listed tool '${record.name}' without an inputSchema; it is offered as a tool without arguments ({ "type": "object" }).`);
      return { ...record, description: record.description ?? '', inputSchema: { type: 'object' } } as ProvidedToolDef;
    }
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || ((schema as { type?: unknown }).type !== undefined && (schema as { type?: unknown }).type !== 'object')) {
      throw new ToolwrightError({
        code: ErrorCode.INVALID_DEFINITION,
        message: `${where} listed tool '${record.name}' with an inputSchema that is not an object schema (${JSON.stringify(schema)?.slice(0, 100)}); a tool's arguments are a JSON object: { "type": "object", "properties": { … } }.`,
        details: { toolgroupId: this.group.toolgroupId, tool: record.name },
      });
    }
    return record.description === undefined ? ({ ...record, description: '' } as ProvidedToolDef) : def;
  }

  private async load(ctx: ListingContext): Promise<ReadonlyMap<string, IndexedTool>> {
    try {
      const [listed, cache] = await Promise.all([this.provider.listTools(this.group, ctx), schemaValidators()]);
      const tools = new Map<string, IndexedTool>();
      for (const listedDef of listed) {
        const def = this.checked(listedDef);
        const exposed = exposeTool(def, this.group);
        if (tools.has(exposed.name)) {
          throw new ToolwrightError({
            code: ErrorCode.DUPLICATE_TOOL,
            message: `Provider '${this.provider.id}' listed tool '${exposed.name}' twice for group '${this.group.toolgroupId}'${exposed.name === def.name ? '' : ' (after toolPrefix/toolNames)'}.`,
            details: { toolgroupId: this.group.toolgroupId, tool: exposed.name },
          });
        }
        tools.set(exposed.name, { def: exposed, providerDef: exposed.name === def.name ? exposed : { ...exposed, name: def.name }, entry: this });
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
