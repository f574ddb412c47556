import type { ClientHandlers } from '../tool/client-handlers.js';

/**
 * The clients of the calls in flight on one MCP connection, in the order they started. A server
 * that asks its client something during a call (sampling, elicitation) does not say which call
 * it is about (the protocol carries no link over stdio), so the answer comes from the latest call
 * still in flight: on a connection used by one caller at a time that is exactly the right one.
 */
export class McpCallerRouter {
  private readonly callers: ClientHandlers[] = [];

  /** Records `client` as the client of a call that starts now; the returned function ends it. */
  enter(client: ClientHandlers): () => void {
    this.callers.push(client);
    return () => {
      const index = this.callers.lastIndexOf(client);
      if (index >= 0) this.callers.splice(index, 1);
    };
  }

  /** The client of the latest call in flight, if one is. */
  current(): ClientHandlers | undefined {
    return this.callers[this.callers.length - 1];
  }
}
