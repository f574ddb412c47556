import type { ServerResponse } from 'node:http';

/** Answers with a JSON-RPC error (nothing when the response was started already or its client is gone): `id` null unless given. */
export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, extra: { id?: unknown; data?: unknown; code?: number } = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  const error: Record<string, unknown> = { code: extra.code ?? (status === 400 ? -32700 : -32000), message };
  if (extra.data !== undefined) error.data = extra.data;
  const id = typeof extra.id === 'string' || typeof extra.id === 'number' ? extra.id : null;
  res.end(JSON.stringify({ jsonrpc: '2.0', error, id }));
}
