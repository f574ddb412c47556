import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ClientHandlers } from '../tool/client-handlers.js';
import type { ServedCallOptions, ServedToolset } from './served-tools.js';
import { linkCallOrigin } from './call-origin.js';

function refused(what: 'Sampling' | 'Elicitation'): () => Promise<never> {
  const error = new ToolwrightError({
    code: ErrorCode.NOT_SUPPORTED,
    message: `${what} is not available on a stateless server: the client's answer would come back as a new HTTP request that no server is waiting for (it may reach another replica). Serve without --stateless (with sticky sessions behind a load balancer) for tools that ask the client.`,
    details: { capability: what, stateless: true },
  });
  return () => Promise.reject(error);
}

const refuseSampling = refused('Sampling');
const refuseElicitation = refused('Elicitation');

/** The call's client as a stateless server can honour it: logging yes, requests to the client no. */
function statelessClient(client: ClientHandlers | undefined): ClientHandlers {
  const handlers: ClientHandlers = { sample: refuseSampling, elicit: refuseElicitation };
  if (client?.log) handlers.log = client.log.bind(client);
  if (client?.closeStream) handlers.closeStream = client.closeStream.bind(client);
  if (client) linkCallOrigin(handlers, client);
  return handlers;
}

/**
 * The toolset as `serve --http --stateless` serves it: the same, except that a tool's (or an
 * approval's) sampling and elicitation fail at once with a `NOT_SUPPORTED` error saying why,
 * instead of waiting for an answer that a stateless server cannot receive, or blaming the client.
 * Every other member is the toolset's own (a Proxy, so members added to {@link ServedToolset}
 * later pass through unchanged).
 */
export function statelessToolset(toolset: ServedToolset): ServedToolset {
  const call: ServedToolset['call'] = (name, args, options: ServedCallOptions) => toolset.call(name, args, { ...options, client: statelessClient(options.client) });
  return new Proxy(toolset, {
    get(target, property) {
      if (property === 'call') return call;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
