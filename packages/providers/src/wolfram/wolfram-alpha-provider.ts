import { ErrorCode, textContent, ToolwrightError } from '@toolwright/sdk';
import { resolveApiKey } from '../http/api-key.js';
import { fetchApi } from '../http/fetch-api.js';
import type { InvocationContext, ProvidedToolDef, ToolGroupProvider } from '../runtime/tool-group-provider.js';
import type { ToolDef } from '../runtime/tool-def.js';
import type { ToolInvocationResult } from '../runtime/tool-invocation-result.js';
import { checkOptions } from '../runtime/check-arguments.js';

/** Options of {@link WolframAlphaProvider}. */
export interface WolframAlphaOptions {
  /** The AppID (a per-request `wolfram_alpha_api_key` in the provider data wins over it). */
  apiKey?: string;
  /** Base URL (tests: a local fake). Default `https://www.wolframalpha.com`. */
  baseUrl?: string;
  /** Time limit per request, ms (default 30 s). */
  timeoutMs?: number;
  /** Longest answer asked for, characters (the API's `maxchars`; default 6800). */
  maxChars?: number;
}

const SERVICE = 'WolframAlpha';

/**
 * `wolfram-alpha`: the WolframAlpha LLM API, `GET /api/v1/llm-api?input=…&appid=…&maxchars=…`,
 * which answers in plain text meant for a model. HTTP 501 (the input was not understood) is an
 * error result carrying the API's own suggestions; 403 (bad or missing AppID) is `AUTH_REQUIRED`.
 * Key setting: `wolfram_alpha_api_key`.
 */
export class WolframAlphaProvider implements ToolGroupProvider {
  readonly id = 'wolfram-alpha';
  private readonly baseUrl: string;

  constructor(private readonly options: WolframAlphaOptions = {}) {
    checkOptions('new WolframAlphaProvider(options?)', options, { apiKey: 'string', baseUrl: 'non-empty string', timeoutMs: 'positive number', maxChars: 'positive integer' });
    this.baseUrl = options.baseUrl ?? 'https://www.wolframalpha.com';
  }

  listTools(): ProvidedToolDef[] {
    return [
      {
        name: 'wolfram_alpha',
        description:
          'Ask WolframAlpha: math (solve, integrate, simplify), unit conversion, science, geography, finance and other computable facts. Write the query in simple English or math notation, e.g. "solve x^2 + 2x + 1 = 0" or "10 miles in km".',
        inputSchema: {
          type: 'object',
          properties: { query: { type: 'string', minLength: 1, maxLength: 1000, description: 'The question or expression.' } },
          required: ['query'],
          additionalProperties: false,
        },
        annotations: { readOnlyHint: true, openWorldHint: true },
      },
    ];
  }

  knownToolNames(): readonly string[] {
    return ['wolfram_alpha'];
  }

  missingSettings(providerData: Readonly<Record<string, unknown>>): readonly string[] {
    const fromRequest = providerData.wolfram_alpha_api_key;
    return this.options.apiKey || (typeof fromRequest === 'string' && fromRequest !== '') ? [] : ['wolfram_alpha_api_key'];
  }

  async invoke(_tool: ToolDef, kwargs: Record<string, unknown>, ctx: InvocationContext): Promise<ToolInvocationResult> {
    const appid = resolveApiKey({ service: SERVICE, providerId: this.id, setting: 'wolfram_alpha_api_key', configured: this.options.apiKey }, ctx.providerData);
    const url = new URL('/api/v1/llm-api', this.baseUrl);
    url.searchParams.set('input', kwargs.query as string);
    url.searchParams.set('appid', appid);
    url.searchParams.set('maxchars', String(this.options.maxChars ?? 6800));
    const response = await fetchApi({ service: SERVICE, url, headers: { Accept: 'text/plain' }, timeoutMs: this.options.timeoutMs ?? 30_000, signal: ctx.signal });
    const text = response.text.trim();
    if (response.status === 200) return { content: [textContent(text)] };
    if (response.status === 403 || response.status === 401) {
      throw new ToolwrightError({
        code: ErrorCode.AUTH_REQUIRED,
        message: `WolframAlpha rejected the AppID (HTTP ${response.status}: ${text.slice(0, 200)}). Check wolfram_alpha_api_key or the '${this.id}' provider's apiKey.`,
        details: { service: SERVICE, status: response.status },
      });
    }
    if (response.status === 501) {
      throw new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: `WolframAlpha could not interpret the query. ${text.slice(0, 2000)}`, details: { service: SERVICE, status: 501 } });
    }
    throw new ToolwrightError({ code: ErrorCode.EXECUTION_FAILED, message: `WolframAlpha refused the query (HTTP ${response.status}: ${text.slice(0, 300)}).`, details: { service: SERVICE, status: response.status } });
  }
}
