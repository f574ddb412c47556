import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/**
 * Makes a connected transport hand messages that follow a notification to the protocol only after
 * that notification was handled. The MCP SDK runs notification handlers a microtask late but
 * handles responses at once, so a tool's last progress notification and its response, read in one
 * go (one stdio chunk, one SSE batch), would otherwise lose the progress: the response removes
 * the progress handler first. Call after `client.connect(transport)`; costs nothing while no
 * notification is in flight.
 */
export function orderNotificationsFirst(transport: Transport): void {
  const dispatch = transport.onmessage;
  if (!dispatch) return;
  let tail: Promise<void> | undefined;
  transport.onmessage = (message, extra) => {
    if (tail) {
      const next: Promise<void> = tail
        .then(() => dispatch(message, extra))
        .then(() => {
          if (tail === next) tail = undefined;
        });
      tail = next;
      return;
    }
    dispatch(message, extra);
    if ('method' in message && !('id' in message)) {
      const next: Promise<void> = Promise.resolve().then(() => {
        if (tail === next) tail = undefined;
      });
      tail = next;
    }
  };
}
