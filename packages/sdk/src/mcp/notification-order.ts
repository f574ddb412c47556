import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Delivers a server's JSON-RPC messages so that a response never overtakes a notification read
 * with it. The SDK's `Protocol` handles a notification one microtask after it arrives but a
 * response at once, and the response deletes its request's progress handler: a server's last
 * progress report read in the same chunk as the result was dropped (seen with server-everything's
 * `trigger-long-running-operation` on a busy machine). A response that follows a notification in
 * the same event-loop turn, and every message after it, waits for the next turn.
 */
export class NotificationOrder {
  private held?: JSONRPCMessage[];
  private notified = false;

  constructor(private readonly deliver: (message: JSONRPCMessage) => void) {}

  /** Delivers `message` now, or after the notifications of this turn have been handled. */
  push(message: JSONRPCMessage): void {
    if (this.held) {
      this.held.push(message);
      return;
    }
    if (!('method' in message)) {
      if (this.notified) {
        this.held = [message];
        setImmediate(() => this.release());
        return;
      }
    } else if (!('id' in message) && !this.notified) {
      this.notified = true;
      setImmediate(() => {
        this.notified = false;
      });
    }
    this.deliver(message);
  }

  /** Delivers what is held at once (the connection is closing: a late response beats none). */
  flush(): void {
    const held = this.held;
    this.held = undefined;
    for (const message of held ?? []) this.deliver(message);
  }

  private release(): void {
    const held = this.held;
    this.held = undefined;
    this.notified = false;
    for (const message of held ?? []) this.push(message);
  }
}
