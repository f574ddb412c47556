import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  ErrorCode as RpcCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Prompt, Resource, ResourceTemplate, ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { JsonRpcError } from './json-rpc-error.js';
import type { PromptDefinition } from './define-prompt.js';
import type { ResourceDefinition, ResourceTemplateDefinition } from './define-resource.js';

/** MCP's error code for a resource that does not exist. */
export const RESOURCE_NOT_FOUND = -32002;

/** Most resources one session may subscribe to at once. */
export const MAX_NATIVE_SUBSCRIPTIONS = 1_000;

/** The request schemas whose handlers the catalog composes with an extension's. */
export const COMPOSED_SCHEMAS: readonly unknown[] = [
  ListPromptsRequestSchema,
  GetPromptRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  CompleteRequestSchema,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a handler of any request schema, kept as the SDK registered it
type AnyHandler = (request: any, extra: any) => Promise<any>;

/** One session's subscriptions to native resources (URIs as the client sent them). */
export interface CatalogSession {
  readonly subscriptions: Set<string>;
  /** Sends `notifications/resources/updated` for `uri` when this session subscribed to it. */
  updated(uri: string): void;
}

const quote = (text: string): string => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** A thrown error as the JSON-RPC error the client gets: invalid arguments are -32602 with their message. */
function asRpcError(error: unknown, what: string): Error {
  if (error instanceof JsonRpcError) return error;
  if (ToolwrightError.isInstance(error) && error.code === ErrorCode.INVALID_ARGUMENTS) return new JsonRpcError(RpcCode.InvalidParams, error.message);
  return new JsonRpcError(RpcCode.InternalError, `${what} failed: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The server's own prompts, resources and resource templates (see `definePrompt`,
 * `defineResource`, `defineResourceTemplate`), installed on each session's server next to
 * whatever an extension (the CLI's proxy) offers. Names and URIs are unique (checked here).
 */
export class NativeCatalog {
  private readonly prompts = new Map<string, PromptDefinition>();
  private readonly resources = new Map<string, ResourceDefinition>();
  private readonly templates: ResourceTemplateDefinition[] = [];
  private readonly sessions = new Set<CatalogSession>();

  constructor(prompts: readonly PromptDefinition[] = [], resources: readonly (ResourceDefinition | ResourceTemplateDefinition)[] = []) {
    const fail = (message: string): never => {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message });
    };
    if (!Array.isArray(prompts)) fail('createMcpServer: prompts must be an array of definePrompt(…) results.');
    if (!Array.isArray(resources)) fail('createMcpServer: resources must be an array of defineResource(…) / defineResourceTemplate(…) results.');
    prompts.forEach((prompt, i) => {
      if (prompt?.kind !== 'prompt') fail(`createMcpServer: prompts[${i}] is not a prompt; make it with definePrompt({ name, arguments, render }).`);
      if (this.prompts.has(prompt.name)) fail(`createMcpServer: two prompts are named '${prompt.name}'; prompt names must be unique.`);
      this.prompts.set(prompt.name, prompt);
    });
    resources.forEach((resource, i) => {
      if (resource?.kind === 'resource') {
        if (this.resources.has(resource.uri)) fail(`createMcpServer: two resources have the URI ${quote(resource.uri)}; resource URIs must be unique.`);
        this.resources.set(resource.uri, resource);
      } else if (resource?.kind === 'resource-template') {
        if (this.templates.some((t) => t.uriTemplate === resource.uriTemplate)) fail(`createMcpServer: two resource templates are ${quote(resource.uriTemplate)}; templates must be unique.`);
        this.templates.push(resource);
      } else {
        fail(`createMcpServer: resources[${i}] is neither a resource nor a template; make it with defineResource({ uri, name, read }) or defineResourceTemplate({ uriTemplate, name, read }).`);
      }
    });
  }

  /** True when the catalog has nothing to serve. */
  get empty(): boolean {
    return this.prompts.size === 0 && this.resources.size === 0 && this.templates.length === 0;
  }

  /** What the catalog offers (no subscriptions without a session). */
  capabilities(sessionless: boolean): Pick<ServerCapabilities, 'prompts' | 'resources' | 'completions'> {
    const caps: Pick<ServerCapabilities, 'prompts' | 'resources' | 'completions'> = {};
    if (this.prompts.size > 0) caps.prompts = {};
    if (this.resources.size > 0 || this.templates.length > 0) caps.resources = sessionless ? {} : { subscribe: true };
    if (this.prompts.size > 0 || this.templates.length > 0) caps.completions = {};
    return caps;
  }

  /** Tells every session subscribed to `uri` that it changed; returns how many were told. */
  resourceUpdated(uri: string): number {
    let told = 0;
    for (const session of this.sessions) {
      if (session.subscriptions.has(uri)) {
        session.updated(uri);
        told++;
      }
    }
    return told;
  }

  private owns(uri: string): boolean {
    return this.resources.has(uri) || this.templates.some((t) => t.match(uri) !== undefined);
  }

  /**
   * Installs `prompts/*`, `resources/*` and `completion/complete` on one session's server:
   * native entries first, then `fallbacks` (the extension's handlers) for the rest. Returns the
   * function that ends the session's part (its subscriptions).
   */
  install(server: Server, capabilities: ServerCapabilities, fallbacks: ReadonlyMap<unknown, AnyHandler>): () => void {
    const session: CatalogSession = {
      subscriptions: new Set(),
      updated: (uri) => {
        if (server.transport) server.notification({ method: 'notifications/resources/updated', params: { uri } }).catch(() => undefined);
      },
    };
    this.sessions.add(session);
    const fallback = (schema: unknown): AnyHandler | undefined => fallbacks.get(schema);
    if (capabilities.prompts) this.installPrompts(server, fallback);
    if (capabilities.resources) this.installResources(server, capabilities, session, fallback);
    if (capabilities.completions) this.installCompletions(server, fallback);
    return () => {
      this.sessions.delete(session);
      session.subscriptions.clear();
    };
  }

  private installPrompts(server: Server, fallback: (schema: unknown) => AnyHandler | undefined): void {
    const listOther = fallback(ListPromptsRequestSchema);
    const getOther = fallback(GetPromptRequestSchema);
    server.setRequestHandler(ListPromptsRequestSchema, async (request, extra) => {
      const own: Prompt[] = [...this.prompts.values()].map((p) => {
        const entry: Prompt = { name: p.name };
        if (p.title !== undefined) entry.title = p.title;
        if (p.description !== undefined) entry.description = p.description;
        if (p.arguments.length > 0) entry.arguments = [...p.arguments];
        return entry;
      });
      const other = listOther ? ((await listOther(request, extra)) as { prompts: Prompt[] }).prompts.filter((p) => !this.prompts.has(p.name)) : [];
      return { prompts: [...own, ...other] };
    });
    server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
      const prompt = this.prompts.get(request.params.name);
      if (!prompt) {
        if (getOther) return getOther(request, extra);
        throw new JsonRpcError(RpcCode.InvalidParams, `Prompt ${quote(request.params.name)} not found. Available: ${[...this.prompts.keys()].join(', ') || '(none)'}.`);
      }
      try {
        return await prompt.get(request.params.arguments, { signal: extra.signal });
      } catch (error) {
        throw asRpcError(error, `Prompt '${prompt.name}'`);
      }
    });
  }

  private installResources(server: Server, capabilities: ServerCapabilities, session: CatalogSession, fallback: (schema: unknown) => AnyHandler | undefined): void {
    const listOther = fallback(ListResourcesRequestSchema);
    const templatesOther = fallback(ListResourceTemplatesRequestSchema);
    const readOther = fallback(ReadResourceRequestSchema);
    server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) => {
      const listed = await Promise.all(this.templates.map((t) => t.list()));
      const own: Resource[] = [...[...this.resources.values()].map((r) => ({ ...r.listing })), ...listed.flat()];
      const other = listOther ? ((await listOther(request, extra)) as { resources: Resource[] }).resources : [];
      return { resources: [...own, ...other] };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request, extra) => {
      const own: ResourceTemplate[] = this.templates.map((t) => ({ ...t.listing }));
      const other = templatesOther ? ((await templatesOther(request, extra)) as { resourceTemplates: ResourceTemplate[] }).resourceTemplates : [];
      return { resourceTemplates: [...own, ...other] };
    });
    server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
      const { uri } = request.params;
      try {
        const fixed = this.resources.get(uri);
        if (fixed) return { contents: await fixed.read(uri, { signal: extra.signal }) };
        for (const template of this.templates) {
          const variables = template.match(uri);
          if (variables) return { contents: await template.read(uri, variables, { signal: extra.signal }) };
        }
      } catch (error) {
        throw asRpcError(error, `Reading ${quote(uri)}`);
      }
      if (readOther) return readOther(request, extra);
      throw new JsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: ${quote(uri)} is neither a resource nor matched by a resource template of this server.`);
    });
    if (capabilities.resources?.subscribe !== true) return;
    const subscribeOther = fallback(SubscribeRequestSchema);
    const unsubscribeOther = fallback(UnsubscribeRequestSchema);
    server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
      const { uri } = request.params;
      if (!this.owns(uri)) {
        if (subscribeOther) return subscribeOther(request, extra);
        throw new JsonRpcError(RESOURCE_NOT_FOUND, `Resource not found: ${quote(uri)} is not a resource of this server, so it cannot be subscribed to.`);
      }
      if (!session.subscriptions.has(uri) && session.subscriptions.size >= MAX_NATIVE_SUBSCRIPTIONS) {
        throw new JsonRpcError(RpcCode.InvalidRequest, `Too many subscriptions: a session may subscribe to at most ${MAX_NATIVE_SUBSCRIPTIONS} resources at once; unsubscribe from some first.`);
      }
      session.subscriptions.add(uri);
      return {};
    });
    server.setRequestHandler(UnsubscribeRequestSchema, async (request, extra) => {
      const { uri } = request.params;
      if (!this.owns(uri) && unsubscribeOther) return unsubscribeOther(request, extra);
      session.subscriptions.delete(uri);
      return {};
    });
  }

  private installCompletions(server: Server, fallback: (schema: unknown) => AnyHandler | undefined): void {
    const other = fallback(CompleteRequestSchema);
    server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
      const { ref, argument, context } = request.params;
      const resolved = context?.arguments ?? {};
      try {
        if (ref.type === 'ref/prompt') {
          const prompt = this.prompts.get(ref.name);
          if (prompt) {
            if (!prompt.arguments.some((a) => a.name === argument.name)) {
              throw new JsonRpcError(RpcCode.InvalidParams, `Prompt '${prompt.name}' has no argument ${quote(argument.name)}; arguments: ${prompt.arguments.map((a) => a.name).join(', ') || '(none)'}.`);
            }
            return { completion: await prompt.complete(argument.name, argument.value, resolved) };
          }
        } else {
          const template = this.templates.find((t) => t.uriTemplate === ref.uri);
          if (template) return { completion: await template.complete(argument.name, argument.value, resolved) };
        }
      } catch (error) {
        throw asRpcError(error, 'Completion');
      }
      if (other) return other(request, extra);
      const what = ref.type === 'ref/prompt' ? `Prompt ${quote(ref.name)}` : `Resource template ${quote(ref.uri)}`;
      throw new JsonRpcError(RpcCode.InvalidParams, `${what} not found, so it has no completions.`);
    });
  }
}
