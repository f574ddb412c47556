import type { LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { callOriginOf } from './call-origin.js';
import type { ProxySession } from './proxy-session.js';
import type { UpstreamNotification } from './upstream-directory.js';

/** Longest logger name passed on (the upstream's own, after `<server>/`). */
const MAX_LOGGER = 200;

/** The upstream's logger, prefixed with its server: `everything`, or `everything/<logger>`. */
function loggerOf(server: string, logger: string | undefined): string {
  return logger === undefined || logger === '' ? server : `${server}/${logger.slice(0, MAX_LOGGER)}`;
}

/**
 * Passes one upstream notification on to the session's client: log messages at or above the
 * level the client set (logger prefixed with the server; one that arrives while a call to that
 * server is in flight goes with that call, to its session only), resource updates for URIs the client
 * subscribed to (under the URI it subscribed with), and prompts/resources list changes (the
 * session's prompt names are rebuilt on the next listing). Sending failures are ignored: the
 * session may be closing.
 */
export function forwardNotification(session: ProxySession, { server, notification, caller, ambiguous }: UpstreamNotification): void {
  const { capabilities } = session;
  const send = (message: Parameters<ProxySession['server']['notification']>[0]): void => {
    if (session.server.transport) session.server.notification(message).catch(() => undefined);
  };
  switch (notification.method) {
    case 'notifications/message': {
      const params = notification.params;
      if (!session.logLevel.accepts(params.level)) return;
      const forwarded: LoggingMessageNotification['params'] = { level: params.level, logger: loggerOf(server, params.logger), data: params.data };
      // During calls of several sessions nothing says whose it is: it goes to none rather than to the wrong one.
      if (ambiguous) return;
      if (caller) {
        // Sent during a call: it goes with that call (on its own stream), and only to its session.
        session.calls.get(callOriginOf(caller))?.({ method: 'notifications/message', params: forwarded }).catch(() => undefined);
        return;
      }
      send({ method: 'notifications/message', params: forwarded });
      return;
    }
    case 'notifications/resources/updated':
      for (const [uri, target] of session.subscriptions) {
        if (target.server === server && target.uri === notification.params.uri) send({ method: 'notifications/resources/updated', params: { uri } });
      }
      return;
    case 'notifications/resources/list_changed':
      if (capabilities.resources?.listChanged) send({ method: 'notifications/resources/list_changed' });
      return;
    case 'notifications/prompts/list_changed':
      session.prompts.invalidate();
      if (capabilities.prompts?.listChanged) send({ method: 'notifications/prompts/list_changed' });
      return;
  }
}
