import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { ClientHandlers } from '@toolwright/sdk';
import type { MCPClient, McpToolset } from '@toolwright/sdk/mcp';
import type { McpServerExtension, McpServerNotification } from '@toolwright/sdk/mcp';
import { proxyExtension } from './proxy-extension.js';

/** A notification of one upstream server. */
export interface UpstreamNotification {
  /** The server's name in the spec. */
  server: string;
  notification: McpServerNotification;
  /** The client of the call in flight on that server when it arrived (a served call's handlers), if any. */
  caller?: ClientHandlers;
  /** True when it arrived while calls of several sessions were in flight on that server (so it belongs to none for sure). */
  ambiguous?: boolean;
}

/**
 * The upstream MCP servers of one served toolset (`serve --spec` with `mcpServers`): their live
 * clients by name, their notifications fanned out to every listening session, and resource
 * subscriptions counted, so that sessions sharing the toolset share one upstream subscription
 * per URI (subscribed on the first, unsubscribed after the last).
 */
export class UpstreamDirectory {
  private readonly toolsets: McpToolset[] = [];

  /** These upstreams as serve's MCP server extension (the proxy: see {@link proxyExtension}). */
  extension(): McpServerExtension {
    return proxyExtension(this);
  }

  private readonly listeners = new Set<(event: UpstreamNotification) => void>();
  private readonly subscriptions = new Map<string, number>();
  private readonly forwarded = new Map<string, { sampling: boolean; elicitation: boolean }>();
  private exclusive = false;

  /** Takes in a connected toolset's clients (called as the Agent connects them). */
  adopt(toolset: McpToolset): void {
    this.toolsets.push(toolset);
    for (const client of toolset.clients) {
      client.onNotification((notification, { caller, ambiguous }) => {
        if (client.state === 'closed') return;
        const event: UpstreamNotification = { server: client.name, notification };
        if (caller) event.caller = caller;
        if (ambiguous) event.ambiguous = true;
        for (const listener of [...this.listeners]) {
          try {
            listener(event);
          } catch {
            // One session's failure must not stop the others.
          }
        }
      });
    }
  }

  /** Records which of server `name`'s sampling/elicitation the proxy offers on the downstream client's behalf (not configured in the spec). */
  forwards(name: string, which: { sampling: boolean; elicitation: boolean }): void {
    this.forwarded.set(name, which);
  }

  /** Marks these upstreams as serving one downstream client (stdio, or an HTTP session of its own): see {@link UpstreamDirectory.follow}. */
  serveOneClient(): void {
    this.exclusive = true;
  }

  /** True when the upstreams serve one downstream client only. */
  get servesOneClient(): boolean {
    return this.exclusive;
  }

  /**
   * Makes the upstreams declare sampling and elicitation exactly as the downstream client did
   * (for those the proxy forwards): an upstream whose declaration changes is reconnected, so it
   * sees the new one (and lists the tools that depend on it). Only for one client (see
   * {@link UpstreamDirectory.serveOneClient}); shared upstreams keep declaring both. Never rejects.
   */
  async follow(client: { sampling?: object; elicitation?: object }): Promise<void> {
    if (!this.exclusive) return;
    await Promise.all(
      this.clients().map(async (upstream) => {
        const forwarded = this.forwarded.get(upstream.name);
        if (!forwarded) return;
        const offer = { sampling: !forwarded.sampling || client.sampling !== undefined, elicitation: !forwarded.elicitation || client.elicitation !== undefined };
        if (upstream.offer(offer)) await upstream.reconnect().catch(() => undefined);
      }),
    );
  }

  /**
   * Tells the upstreams that log the level the one downstream client set, so they filter at the
   * source (the proxy filters too: an upstream that ignores it, or restarted since, loses nothing).
   * Only for one client; never rejects.
   */
  async setLogLevel(level: LoggingLevel): Promise<void> {
    if (!this.exclusive) return;
    const logging = this.clients().filter((client) => client.serverCapabilities?.logging !== undefined);
    await Promise.all(logging.map((client) => client.send({ method: 'logging/setLevel', params: { level } }, EmptyResultSchema).catch(() => undefined)));
  }

  /** The live clients, in connection order (one per server name: the latest connection). */
  clients(): MCPClient[] {
    const byName = new Map<string, MCPClient>();
    for (const toolset of this.toolsets) for (const client of toolset.clients) if (client.state !== 'closed') byName.set(client.name, client);
    return [...byName.values()];
  }

  /** The live client of server `name`. */
  client(name: string): MCPClient | undefined {
    return this.clients().find((client) => client.name === name);
  }

  /** Calls `listener` with each upstream notification; returns the unsubscribe function. */
  onNotification(listener: (event: UpstreamNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Subscribes to `uri` on `server` unless some session already did. Rejects like `MCPClient.send`. */
  async subscribe(client: MCPClient, uri: string, signal?: AbortSignal): Promise<void> {
    const key = subscriptionKey(client.name, uri);
    const count = this.subscriptions.get(key) ?? 0;
    // Counted before the request, so that a second session subscribing meanwhile does not send it again.
    this.subscriptions.set(key, count + 1);
    if (count > 0) return;
    try {
      await client.send({ method: 'resources/subscribe', params: { uri } }, EmptyResultSchema, { signal });
    } catch (error) {
      const now = (this.subscriptions.get(key) ?? 1) - 1;
      if (now > 0) this.subscriptions.set(key, now);
      else this.subscriptions.delete(key);
      throw error;
    }
  }

  /** Drops one session's subscription to `uri` on `server`; the last one unsubscribes upstream. */
  async unsubscribe(client: MCPClient, uri: string, signal?: AbortSignal): Promise<void> {
    const key = subscriptionKey(client.name, uri);
    const count = this.subscriptions.get(key) ?? 0;
    if (count > 1) {
      this.subscriptions.set(key, count - 1);
      return;
    }
    this.subscriptions.delete(key);
    if (count === 1) await client.send({ method: 'resources/unsubscribe', params: { uri } }, EmptyResultSchema, { signal });
  }
}

const subscriptionKey = (server: string, uri: string): string => JSON.stringify([server, uri]);
