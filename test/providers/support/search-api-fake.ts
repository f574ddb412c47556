import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The keys the fake accepts. */
export const FAKE_KEYS = { brave: 'brave-key', bing: 'bing-key', tavily: 'tvly-key', wolfram: 'WOLF-APPID' } as const;

/**
 * A local HTTP server on 127.0.0.1 answering like Brave Search (`GET /res/v1/web/search`),
 * Bing Web Search v7 (`GET /v7.0/search`), Tavily (`POST /search`) and the WolframAlpha LLM API
 * (`GET /api/v1/llm-api`), with the request and response shapes their documentation gives,
 * including their error bodies for a wrong key. Every request is recorded.
 */
export class SearchApiFake {
  readonly requests: RecordedRequest[] = [];
  /** Delay before answering, ms. */
  delayMs = 0;
  private server?: Server;

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = { method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    this.requests.push(recorded);
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const text = (status: number, body: string): void => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(body);
    };
    if (req.method === 'GET' && url.pathname === '/res/v1/web/search') return this.brave(recorded, json);
    if (req.method === 'GET' && url.pathname === '/v7.0/search') return this.bing(recorded, json);
    if (req.method === 'POST' && url.pathname === '/search') return this.tavily(recorded, json);
    if (req.method === 'GET' && url.pathname === '/api/v1/llm-api') return this.wolfram(recorded, text);
    json(404, { message: 'not found' });
  }

  private brave(req: RecordedRequest, json: (status: number, body: unknown) => void): void {
    if (req.headers['x-subscription-token'] !== FAKE_KEYS.brave) {
      return json(401, {
        type: 'ErrorResponse',
        error: { id: 'c1a2', status: 401, code: 'SUBSCRIPTION_TOKEN_INVALID', detail: 'The provided subscription token is invalid.', meta: { component: 'authentication' } },
        time: 1700000000,
      });
    }
    if (req.query.q === 'too fast') {
      return json(429, { type: 'ErrorResponse', error: { id: 'r', status: 429, code: 'RATE_LIMITED', detail: 'Request rate limit exceeded for plan.', meta: { plan: 'Free', rate_limit: 1 } }, time: 1700000000 });
    }
    const count = Number(req.query.count ?? 20);
    if (!req.query.q || !(count >= 1 && count <= 20)) {
      return json(422, { type: 'ErrorResponse', error: { id: 'x', status: 422, code: 'VALIDATION', detail: 'Unable to validate request parameter(s)' }, time: 1700000000 });
    }
    const results = [1, 2, 3, 4, 5, 6].slice(0, count).map((i) => ({
      type: 'search_result',
      title: `Brave result ${i} for <strong>${req.query.q}</strong>`,
      url: `https://example.org/brave/${i}`,
      description: `The <strong>${req.query.q}</strong> page &amp; more, number ${i}.`,
      age: '2 days ago',
      language: 'en',
    }));
    json(200, { type: 'search', query: { original: req.query.q, more_results_available: true }, mixed: { type: 'mixed', main: [] }, web: { type: 'search', results, family_friendly: true } });
  }

  private bing(req: RecordedRequest, json: (status: number, body: unknown) => void): void {
    if (req.headers['ocp-apim-subscription-key'] !== FAKE_KEYS.bing) {
      return json(401, {
        error: {
          code: '401',
          message: 'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      });
    }
    const count = Number(req.query.count ?? 10);
    const value = [1, 2, 3, 4, 5, 6].slice(0, count).map((i) => ({
      id: `https://api.bing.microsoft.com/api/v7/#WebPages.${i - 1}`,
      name: `Bing result ${i}: ${req.query.q}`,
      url: `https://example.org/bing/${i}`,
      isFamilyFriendly: true,
      displayUrl: `example.org/bing/${i}`,
      snippet: `Snippet ${i} about ${req.query.q}.`,
      language: 'en',
    }));
    json(200, { _type: 'SearchResponse', queryContext: { originalQuery: req.query.q }, webPages: { webSearchUrl: 'https://www.bing.com/search?q=x', totalEstimatedMatches: 1000, value } });
  }

  private tavily(req: RecordedRequest, json: (status: number, body: unknown) => void): void {
    if (req.headers.authorization !== `Bearer ${FAKE_KEYS.tavily}`) return json(401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
    let body: { query?: unknown; max_results?: unknown };
    try {
      body = JSON.parse(req.body) as typeof body;
    } catch {
      return json(400, { detail: { error: 'Invalid JSON body.' } });
    }
    if (typeof body.query !== 'string') return json(400, { detail: { error: 'Query is missing.' } });
    const max = typeof body.max_results === 'number' ? body.max_results : 5;
    const results = [1, 2, 3, 4, 5, 6].slice(0, max).map((i) => ({ title: `Tavily result ${i}`, url: `https://example.org/tavily/${i}`, content: `Content ${i} for ${String(body.query)}.`, score: 0.9 - i / 10, raw_content: null }));
    json(200, { query: body.query, follow_up_questions: null, answer: null, images: [], results, response_time: 0.42 });
  }

  private wolfram(req: RecordedRequest, text: (status: number, body: string) => void): void {
    if (!req.query.appid) return text(403, 'Error 2: Appid missing');
    if (req.query.appid !== FAKE_KEYS.wolfram) return text(403, 'Error 1: Invalid appid');
    if (!req.query.input) return text(400, 'Error: input parameter missing');
    if (req.query.input === 'blorptangle frobnicate') {
      return text(501, 'Wolfram|Alpha did not understand your input. Things to try instead:\nblorp\nfrobnicate');
    }
    text(200, `Query:\n"${req.query.input}"\n\nInput interpretation:\nsolve x^2 + 2 x + 1 = 0\n\nResult:\nx = -1\n\nWolfram|Alpha website result for "${req.query.input}":\nhttps://www.wolframalpha.com/input?i=x`);
  }
}
