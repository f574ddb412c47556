import { ErrorCode, textContent, ToolwrightError } from '@toolwright/sdk';
import { resolveApiKey } from '../http/api-key.js';
import { fetchApi } from '../http/fetch-api.js';
import type { ApiRequest, ApiResponse } from '../http/fetch-api.js';
import type { InvocationContext, ProvidedToolDef, ToolGroupProvider } from '../runtime/tool-group-provider.js';
import type { ToolDef } from '../runtime/tool-def.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';
import { formatHits } from './search-hit.js';
import type { SearchHit } from './search-hit.js';
import { checkOptions } from '../runtime/check-arguments.js';

/** Options shared by the web search providers. */
export interface WebSearchOptions {
  /** The API key (a per-request `<name>_api_key` in the provider data wins over it). */
  apiKey?: string;
  /** The API's base URL (tests point it at a local fake). */
  baseUrl?: string;
  /** Time limit per request, ms (default 15 s). */
  timeoutMs?: number;
  /** Results when the call does not say (default 5). */
  defaultMaxResults?: number;
}

/** What a backend needs to describe itself. */
export interface WebSearchBackend {
  /** Provider id (`brave-search`). */
  id: string;
  /** Name in messages (`Brave Search`). */
  service: string;
  /** Per-request key setting (`brave_api_key`). */
  keySetting: string;
  /** Default base URL. */
  baseUrl: string;
  /** Most results the API gives in one request. */
  maxResults: number;
}

/**
 * A web search provider: one tool, `web_search(query, max_results?)`, whose results are
 * normalised to title/url/snippet and returned as numbered text plus `structuredContent`
 * (`{ query, results }`). Subclasses say how to ask their API and how to read its answer.
 * A missing key is `AUTH_REQUIRED` naming the setting; 401/403 is `AUTH_REQUIRED` too.
 */
export abstract class WebSearchProvider implements ToolGroupProvider {
  readonly id: string;
  protected readonly baseUrl: string;
  protected readonly timeoutMs: number;
  private readonly tool: ProvidedToolDef;

  constructor(
    protected readonly backend: WebSearchBackend,
    protected readonly options: WebSearchOptions = {},
  ) {
    checkOptions(`new ${new.target.name}(options?)`, options, { apiKey: 'string', baseUrl: 'non-empty string', timeoutMs: 'positive number', defaultMaxResults: 'positive integer' });
    this.id = backend.id;
    this.baseUrl = options.baseUrl ?? backend.baseUrl;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    const fallback = options.defaultMaxResults ?? 5;
    this.tool = {
      name: 'web_search',
      description: `Search the web with ${backend.service}. Returns the top results with title, URL and a snippet.`,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1, maxLength: 400, description: 'What to search for.' },
          max_results: { type: 'integer', minimum: 1, maximum: backend.maxResults, default: fallback, description: `How many results (1 to ${backend.maxResults}).` },
        },
        required: ['query'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, openWorldHint: true },
    };
  }

  listTools(): ProvidedToolDef[] {
    return [this.tool];
  }

  knownToolNames(): readonly string[] {
    return ['web_search'];
  }

  missingSettings(providerData: Readonly<Record<string, unknown>>): readonly string[] {
    const fromRequest = providerData[this.backend.keySetting];
    return this.options.apiKey || (typeof fromRequest === 'string' && fromRequest !== '') ? [] : [this.backend.keySetting];
  }

  async invoke(_tool: ToolDef, kwargs: Record<string, unknown>, ctx: InvocationContext): Promise<ToolInvocationResult> {
    const query = kwargs.query as string;
    const max = Math.min(Number(kwargs.max_results ?? this.options.defaultMaxResults ?? 5), this.backend.maxResults);
    const key = resolveApiKey({ service: this.backend.service, providerId: this.id, setting: this.backend.keySetting, configured: this.options.apiKey }, ctx.providerData);
    const request = this.request(query, max, key);
    const response = await fetchApi({ service: this.backend.service, timeoutMs: this.timeoutMs, signal: ctx.signal, ...request });
    const body = this.check(response);
    const results = this.hits(body).slice(0, max);
    return { content: [textContent(formatHits(query, results))], structuredContent: { query, results } };
  }

  /** The request for a query (everything but the service name, time limit and signal). */
  protected abstract request(query: string, maxResults: number, apiKey: string): Omit<ApiRequest, 'service' | 'timeoutMs' | 'signal'>;

  /** The hits in the API's answer. */
  protected abstract hits(body: Record<string, unknown>): SearchHit[];

  /** The API's own error text in an error answer, if it has one. */
  protected abstract errorDetail(body: Record<string, unknown>): string | undefined;

  /** A JSON object answer, or a `ToolwrightError` saying what went wrong. */
  private check(response: ApiResponse): Record<string, unknown> {
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      body = undefined;
    }
    const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    const service = this.backend.service;
    if (response.status >= 200 && response.status < 300) {
      if (record) return record;
      throw new ToolwrightError({
        code: ErrorCode.EXECUTION_FAILED,
        message: `${service} answered with something that is not a JSON object (HTTP ${response.status}, ${response.contentType || 'no content type'}): ${response.text.slice(0, 200)}`,
      });
    }
    const detail = (record && this.errorDetail(record)) ?? response.text.slice(0, 300);
    if (response.status === 401 || response.status === 403) {
      throw new ToolwrightError({
        code: ErrorCode.AUTH_REQUIRED,
        message: `${service} rejected the API key (HTTP ${response.status}: ${detail}). Check ${this.backend.keySetting} or the '${this.id}' provider's apiKey.`,
        details: { service, status: response.status },
      });
    }
    const hint = response.status === 429 ? ' The rate limit was hit; wait before searching again.' : '';
    throw new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: `${service} refused the search (HTTP ${response.status}: ${detail}).${hint}`, details: { service, status: response.status } });
  }
}

/** `value` as a record, or an empty one. */
export function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `value` as an array of records (anything else dropped). */
export function recordsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v)) : [];
}
