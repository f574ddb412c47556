import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { checkCompleters, complete } from './completer.js';
import type { Completer } from './completer.js';

/** One content of a resource read, as MCP's `resources/read` carries it (`uri` defaults to the URI read). */
export type ResourceContent = { uri?: string; mimeType?: string; text: string; _meta?: Record<string, unknown> } | { uri?: string; mimeType?: string; blob: string; _meta?: Record<string, unknown> };

/** What `read` may return: a text, bytes (sent base64), one content or several. */
export type ResourceReadResult = string | Uint8Array | ResourceContent | readonly ResourceContent[];

/** What `read` gets besides the URI. */
export interface ResourceReadContext {
  /** Aborted when the client cancels the request. */
  readonly signal: AbortSignal;
}

/** The fields `resources/list` shows for a resource, besides its URI. */
interface ResourceFields {
  /** Programmatic name. */
  name: string;
  /** Human title. */
  title?: string;
  description?: string;
  /** The MIME type of its contents (default `text/plain` for text, `application/octet-stream` for bytes). */
  mimeType?: string;
  /** Size in bytes, when known. */
  size?: number;
}

/** Options of {@link defineResource}. */
export interface DefineResourceOptions extends ResourceFields {
  /** The resource's URI (any scheme: `file:///…`, `docs://guide`, …). */
  uri: string;
  /** Its contents, read when a client asks. Throwing answers with an internal error naming the URI. */
  read(uri: string, context: ResourceReadContext): ResourceReadResult | Promise<ResourceReadResult>;
}

/** Options of {@link defineResourceTemplate}. */
export interface DefineResourceTemplateOptions extends Omit<ResourceFields, 'size'> {
  /** An RFC 6570 URI template, e.g. `docs://pages/{slug}`. */
  uriTemplate: string;
  /** Completions of template variables (`completion/complete` with a `ref/resource`), by variable name. */
  complete?: Record<string, Completer>;
  /** The resources it stands for, listed in `resources/list` beside the fixed ones (optional). */
  list?(): readonly Resource[] | Promise<readonly Resource[]>;
  /** Reads a URI the template matches, with its variables. */
  read(uri: string, variables: Record<string, string | string[]>, context: ResourceReadContext): ResourceReadResult | Promise<ResourceReadResult>;
}

/** A native MCP resource (see {@link defineResource}). */
export interface ResourceDefinition {
  readonly kind: 'resource';
  readonly uri: string;
  /** As `resources/list` shows it. */
  readonly listing: Resource;
  read(uri: string, context: ResourceReadContext): Promise<ResourceContent[]>;
}

/** A native MCP resource template (see {@link defineResourceTemplate}). */
export interface ResourceTemplateDefinition {
  readonly kind: 'resource-template';
  readonly uriTemplate: string;
  /** As `resources/templates/list` shows it. */
  readonly listing: ResourceTemplate;
  /** The template's variables, when `uri` matches it; else undefined. */
  match(uri: string): Record<string, string | string[]> | undefined;
  list(): Promise<readonly Resource[]>;
  read(uri: string, variables: Record<string, string | string[]>, context: ResourceReadContext): Promise<ResourceContent[]>;
  complete(variable: string, value: string, resolved: Readonly<Record<string, string>>): Promise<{ values: string[]; total?: number; hasMore?: boolean }>;
}

function definitionError(message: string, where: string): ToolwrightError {
  return new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message, details: { where } });
}

function checkFields(options: ResourceFields, where: string): void {
  if (typeof options.name !== 'string' || options.name === '') throw definitionError(`${where} needs a name (what clients list it as).`, where);
  if (options.mimeType !== undefined && (typeof options.mimeType !== 'string' || !/^[\w.+-]+\/[\w.+-]+/.test(options.mimeType))) {
    throw definitionError(`${where}: mimeType must be a MIME type like text/markdown, got ${JSON.stringify(options.mimeType)}.`, where);
  }
}

function listingOf<T extends object>(base: T, options: ResourceFields): T & Partial<ResourceFields> {
  const listing: Record<string, unknown> = { ...base, name: options.name };
  for (const key of ['title', 'description', 'mimeType', 'size'] as const) if (options[key] !== undefined) listing[key] = options[key];
  return listing as T & Partial<ResourceFields>;
}

/** `read`'s result as MCP contents: a text or bytes become one content of `uri`; contents without a URI get it. */
export function contentsOf(result: ResourceReadResult, uri: string, mimeType: string | undefined, where: string): ResourceContent[] {
  if (typeof result === 'string') return [{ uri, mimeType: mimeType ?? 'text/plain', text: result }];
  if (result instanceof Uint8Array) return [{ uri, mimeType: mimeType ?? 'application/octet-stream', blob: Buffer.from(result.buffer, result.byteOffset, result.byteLength).toString('base64') }];
  const list = Array.isArray(result) ? (result as readonly ResourceContent[]) : [result as ResourceContent];
  return list.map((content, i) => {
    if (typeof content !== 'object' || content === null || (typeof (content as { text?: unknown }).text !== 'string' && typeof (content as { blob?: unknown }).blob !== 'string')) {
      throw new TypeError(`${where}: read returned ${Array.isArray(result) ? `an array whose item ${i} is not` : 'something that is not'} a content { text } or { blob (base64) }.`);
    }
    const withMime = content.mimeType === undefined && mimeType !== undefined ? { ...content, mimeType } : content;
    return withMime.uri === undefined ? { ...withMime, uri } : withMime;
  });
}

/**
 * A resource served by `createMcpServer` at a fixed URI: listed in `resources/list`, read with
 * `resources/read`, and subscribable (`resources/subscribe`; tell subscribers it changed with
 * the server's `resourceUpdated(uri)`). A bad URI, a missing name or `read` throw
 * `INVALID_DEFINITION` here.
 */
export function defineResource(options: DefineResourceOptions): ResourceDefinition {
  if (typeof options !== 'object' || options === null) throw definitionError('defineResource needs options { uri, name, read }.', 'defineResource');
  const where = `Resource ${JSON.stringify(options.uri)}`;
  if (typeof options.uri !== 'string' || !URL.canParse(options.uri)) throw definitionError(`defineResource needs an absolute URI (scheme://…), got ${JSON.stringify(options.uri)}.`, 'defineResource');
  if (UriTemplate.isTemplate(options.uri)) throw definitionError(`${where} is a URI template; declare it with defineResourceTemplate({ uriTemplate }).`, where);
  checkFields(options, where);
  if (typeof options.read !== 'function') throw definitionError(`${where} needs read(uri): the function that gives its contents.`, where);
  const { uri, read, mimeType } = options;
  return Object.freeze({
    kind: 'resource' as const,
    uri,
    listing: Object.freeze(listingOf({ uri }, options)) as Resource,
    read: async (asked: string, context: ResourceReadContext) => contentsOf(await read(asked, context), asked, mimeType, where),
  });
}

/**
 * A family of resources served by `createMcpServer` under an RFC 6570 URI template: listed in
 * `resources/templates/list`, read for any URI it matches (with the template's variables), its
 * variables completed with `complete`, its URIs subscribable like fixed resources. A template
 * that does not parse, a completer for an undeclared variable, a missing name or `read` throw
 * `INVALID_DEFINITION` here.
 */
export function defineResourceTemplate(options: DefineResourceTemplateOptions): ResourceTemplateDefinition {
  if (typeof options !== 'object' || options === null) throw definitionError('defineResourceTemplate needs options { uriTemplate, name, read }.', 'defineResourceTemplate');
  const where = `Resource template ${JSON.stringify(options.uriTemplate)}`;
  if (typeof options.uriTemplate !== 'string' || !UriTemplate.isTemplate(options.uriTemplate)) {
    throw definitionError(`defineResourceTemplate needs a URI template with at least one {variable}, got ${JSON.stringify(options.uriTemplate)}; a fixed URI is a defineResource.`, 'defineResourceTemplate');
  }
  let template: UriTemplate;
  try {
    template = new UriTemplate(options.uriTemplate);
  } catch (error) {
    throw definitionError(`${where} does not parse: ${error instanceof Error ? error.message : String(error)}.`, where);
  }
  checkFields(options, where);
  if (typeof options.read !== 'function') throw definitionError(`${where} needs read(uri, variables): the function that gives the contents of a matching URI.`, where);
  if (options.list !== undefined && typeof options.list !== 'function') throw definitionError(`${where}: list must be a function returning the resources it stands for.`, where);
  const completers = checkCompleters(options.complete, template.variableNames, where, 'variable');
  const { read, list, mimeType } = options;
  return Object.freeze({
    kind: 'resource-template' as const,
    uriTemplate: options.uriTemplate,
    listing: Object.freeze(listingOf({ uriTemplate: options.uriTemplate }, options)) as ResourceTemplate,
    match: (uri: string) => template.match(uri) ?? undefined,
    list: async () => (list ? await list() : []),
    read: async (uri: string, variables: Record<string, string | string[]>, context: ResourceReadContext) => contentsOf(await read(uri, variables, context), uri, mimeType, where),
    complete: (variable: string, value: string, resolved: Readonly<Record<string, string>>) => complete(completers[variable], value, { arguments: resolved }),
  });
}
