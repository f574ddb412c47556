import type { IncomingMessage, ServerResponse } from 'node:http';
import { processLabel } from '@toolwright/sdk/policy';
import type { ApprovalInbox, InboxEntry } from '@toolwright/sdk/policy';
import { queryAuditLog } from './audit-query.js';
import { CallMonitor } from './call-monitor.js';
import type { ApiError, CallResponse, LiveCall, ResultBlock } from './console-api.js';
import { ConsoleGuard, SESSION_COOKIE } from './console-guard.js';
import type { ConsoleGuardOptions } from './console-guard.js';
import { CONSOLE_HEADERS, consoleAsset, consolePage } from './console-static.js';
import { answerFromConsole, consoleEntry } from './inbox-view.js';
import { MonitoredToolset } from './monitored-toolset.js';
import { openSseStream } from './sse-stream.js';
import type { SseStream } from './sse-stream.js';
import { catalogueOf } from './tool-catalogue.js';
import type { ConsoleTools } from './console-tools.js';
import { validateArguments } from './validate-arguments.js';

/** The path the console is served at. */
export const CONSOLE_PATH = '/console';

/** Options of {@link ConsoleRoutes}. */
export interface ConsoleRoutesOptions {
  /** The toolset the catalogue shows and the page's calls run on (its policy and approvals apply). */
  toolset: ConsoleTools;
  /** What the page calls the toolset (the spec file, or the preset). */
  label: string;
  /** The Live view's feed (shared with the MCP sessions' monitored toolsets). */
  monitor?: CallMonitor;
  /** The approvals inbox the page shows and answers; none: the inbox view says so. */
  inbox?: ApprovalInbox;
  /** The audit log file (JSONL) the Audit view reads. */
  auditLog?: string;
  /** The listener's Host/Origin check and token. */
  guard: ConsoleGuardOptions;
  /** Largest request body (default 1 MiB). */
  maxBodyBytes?: number;
  /** Where the built page is (default: packages/cli/dist/console-ui). */
  assetsDir?: string;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiError> = {},
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { ...CONSOLE_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpFailure(413, `Request body over ${limit} bytes.`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch (error) {
    throw new HttpFailure(400, `The body is not JSON (${(error as Error).message}).`);
  }
}

function toolAndArguments(body: unknown): { tool: string; args: unknown } {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof record.tool !== 'string') throw new HttpFailure(400, 'Expected { tool, arguments }: tool is the tool name (a string).');
  return { tool: record.tool, args: record.arguments ?? {} };
}

/**
 * The web console's HTTP routes under `/console`: the page and its built script and styles, and
 * a JSON API (catalogue, validate, call, live calls over SSE, approvals inbox, audit log). Every
 * request passes the {@link ConsoleGuard} (Host/Origin, the token off loopback); every write also
 * needs the page's CSRF token and a same-origin request. Mount it on a listener with
 * {@link ConsoleRoutes.handle}.
 */
export class ConsoleRoutes {
  readonly guard: ConsoleGuard;
  readonly monitor: CallMonitor;
  /** The page's calls: through the toolset, seen by the Live view as session `console`. */
  private readonly calls: MonitoredToolset;
  private readonly streams = new Set<SseStream>();
  private readonly unwatch: (() => void)[] = [];

  constructor(private readonly options: ConsoleRoutesOptions) {
    this.guard = new ConsoleGuard(options.guard);
    this.monitor = options.monitor ?? new CallMonitor();
    this.calls = new MonitoredToolset(options.toolset, this.monitor, 'console');
    this.unwatch.push(this.monitor.subscribe((call: LiveCall) => this.broadcast('call', call)));
    if (options.inbox) this.unwatch.push(options.inbox.watch((entry: InboxEntry) => this.broadcast('inbox', consoleEntry(entry))));
    this.unwatch.push(options.toolset.onToolsChanged(() => this.broadcast('tools', {})));
  }

  /** True for a path this handles (`/console` and below). */
  static owns(path: string): boolean {
    return path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);
  }

  /** Answers `req` when its path is the console's; false (nothing sent) otherwise. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!ConsoleRoutes.owns(url.pathname)) return false;
    try {
      await this.route(req, res, url);
    } catch (error) {
      if (error instanceof HttpFailure) sendJson(res, error.status, { error: error.message, ...error.body });
      else sendJson(res, 500, { error: `Internal error: ${(error as Error)?.message ?? String(error)}` });
    }
    return true;
  }

  /** Ends the SSE streams and stops watching the monitor, inbox and toolset. */
  close(): void {
    for (const stop of this.unwatch.splice(0)) stop();
    for (const stream of this.streams) stream.close();
    this.streams.clear();
  }

  private broadcast(event: string, data: unknown): void {
    for (const stream of this.streams) stream.send(event, data);
  }

  private async route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const token = url.searchParams.get('token');
    if ((path === CONSOLE_PATH || path === `${CONSOLE_PATH}/`) && method === 'GET' && token !== null && this.guard.tokenMatches(token)) {
      // Signed in once: the cookie (a hash of the token) stands for it; the token leaves the address bar.
      const host = this.guard.check({ ...req.headers, authorization: `Bearer ${token}` });
      if (!host.ok) throw new HttpFailure(host.status, host.message);
      res.writeHead(303, { ...CONSOLE_HEADERS, location: `${CONSOLE_PATH}/`, 'set-cookie': `${SESSION_COOKIE}=${this.guard.sessionValue()!}; Path=${CONSOLE_PATH}; HttpOnly; SameSite=Strict` });
      res.end();
      return;
    }
    const verdict = this.guard.check(req.headers);
    if (!verdict.ok) throw new HttpFailure(verdict.status, verdict.message);
    if (method === 'POST') {
      const write = this.guard.checkWrite(req.headers);
      if (!write.ok) throw new HttpFailure(write.status, write.message);
      await this.write(req, res, path);
      return;
    }
    if (method !== 'GET') throw new HttpFailure(405, `Method ${method} not allowed on ${path}.`);
    await this.read(req, res, url);
  }

  private async read(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    if (path === CONSOLE_PATH) {
      res.writeHead(308, { ...CONSOLE_HEADERS, location: `${CONSOLE_PATH}/` });
      res.end();
      return;
    }
    if (path === `${CONSOLE_PATH}/`) {
      const csrf = this.guard.csrfTokenFor(req.headers);
      const page = await consolePage(csrf, this.options.assetsDir).catch(() => {
        throw new HttpFailure(503, 'The console page is not built: run `npm run build` at the repository root.');
      });
      res.writeHead(200, { ...CONSOLE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'set-cookie': this.guard.csrfCookie(csrf) });
      res.end(page);
      return;
    }
    const asset = /^\/console\/([a-z]+\.(?:js|css))$/.exec(path);
    if (asset) {
      const file = await consoleAsset(asset[1]!, this.options.assetsDir).catch(() => undefined);
      if (!file) throw new HttpFailure(404, `Not found: ${path}.`);
      res.writeHead(200, { ...CONSOLE_HEADERS, 'content-type': file.type });
      res.end(file.body);
      return;
    }
    switch (path) {
      case `${CONSOLE_PATH}/api/tools`:
        sendJson(res, 200, catalogueOf(this.options.toolset, this.options.label));
        return;
      case `${CONSOLE_PATH}/api/calls`:
        sendJson(res, 200, { calls: this.monitor.list() });
        return;
      case `${CONSOLE_PATH}/api/inbox`: {
        const inbox = this.options.inbox;
        const state = url.searchParams.get('state');
        const entries = inbox ? await inbox.list(state === 'pending' || state === 'answered' || state === 'withdrawn' ? { state } : {}) : [];
        sendJson(res, 200, { available: inbox !== undefined, entries: entries.map(consoleEntry) });
        return;
      }
      case `${CONSOLE_PATH}/api/audit`: {
        const q = url.searchParams;
        const limit = Number(q.get('limit') ?? '500');
        const filter = { tool: q.get('tool') || undefined, decision: q.get('decision') || undefined, since: q.get('since') || undefined, until: q.get('until') || undefined, limit: Number.isInteger(limit) && limit > 0 ? Math.min(limit, 5000) : 500 };
        for (const key of ['since', 'until'] as const) {
          if (filter[key] !== undefined && Number.isNaN(Date.parse(filter[key]))) throw new HttpFailure(400, `${key}: expected an ISO-8601 time, got '${filter[key]}'.`);
        }
        sendJson(res, 200, await queryAuditLog(this.options.auditLog, filter));
        return;
      }
      case `${CONSOLE_PATH}/api/events`: {
        const stream = openSseStream(res, CONSOLE_HEADERS);
        this.streams.add(stream);
        void stream.closed.then(() => this.streams.delete(stream));
        req.once('close', () => stream.close());
        return;
      }
      default:
        throw new HttpFailure(404, `Not found: ${path}.`);
    }
  }

  private async write(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const body = await readBody(req, this.options.maxBodyBytes ?? 1024 * 1024);
    switch (path) {
      case `${CONSOLE_PATH}/api/validate`: {
        const { tool, args } = toolAndArguments(body);
        const definition = this.options.toolset.tool(tool);
        if (!definition) throw new HttpFailure(404, `No tool '${tool}' in the served toolset.`);
        sendJson(res, 200, validateArguments(definition, args));
        return;
      }
      case `${CONSOLE_PATH}/api/call`: {
        const { tool, args } = toolAndArguments(body);
        if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new HttpFailure(400, 'arguments: expected an object of the tool\'s arguments.');
        const controller = new AbortController();
        res.once('close', () => {
          if (!res.writableFinished) controller.abort();
        });
        const started = Date.now();
        const { observation, callId } = await this.calls.callWatched(tool, args as Record<string, unknown>, { signal: controller.signal, toolCallId: `console-${Date.now().toString(36)}` });
        // What an MCP client gets: the content blocks as the tool rendered them (no model error header).
        const answer: CallResponse = { content: observation.llmContent() as ResultBlock[], isError: observation.isError, durationMs: Date.now() - started, callId };
        if (observation.errorCode !== undefined) answer.errorCode = observation.errorCode;
        const structured = (observation as { structuredContent?: unknown }).structuredContent;
        if (typeof structured === 'object' && structured !== null && !Array.isArray(structured)) answer.structuredContent = structured as Record<string, unknown>;
        sendJson(res, 200, answer);
        return;
      }
      case `${CONSOLE_PATH}/api/inbox/answer`: {
        const inbox = this.options.inbox;
        if (!inbox) throw new HttpFailure(404, 'This console has no approvals inbox.');
        const outcome = await answerFromConsole(inbox, body, (name) => this.options.toolset.tool(name), `console ${processLabel()}`);
        if (!outcome.ok) throw new HttpFailure(outcome.status, outcome.message, outcome.issues ? { issues: outcome.issues } : {});
        sendJson(res, 200, { entry: outcome.entry });
        return;
      }
      default:
        throw new HttpFailure(404, `Not found: POST ${path}.`);
    }
  }
}
