import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ClientHandlers } from '../tool/client-handlers.js';
import type { CallOptions } from '../tool/tool-context.js';
import type { AgentOptions } from './agent-options.js';

/**
 * The {@link ClientHandlers} an Agent's `onLog`, `onSample` and `onElicit` make, or undefined when
 * it has none. Throws `INVALID_SPEC` for a handler that is not a function.
 */
export function agentClientHandlers(options: AgentOptions): ClientHandlers | undefined {
  const { onLog, onSample, onElicit } = options;
  for (const [name, value] of [['onLog', onLog], ['onSample', onSample], ['onElicit', onElicit]] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `Agent option '${name}' must be a function; got ${value === null ? 'null' : typeof value}.` });
    }
  }
  if (!onLog && !onSample && !onElicit) return undefined;
  const handlers: ClientHandlers = {};
  if (onLog) handlers.log = onLog;
  if (onSample) handlers.sample = onSample;
  if (onElicit) handlers.elicit = onElicit;
  return Object.freeze(handlers);
}

/**
 * The call's options with the agent's handlers filled in where the caller's `client` has none
 * (a caller, e.g. `serve` for its MCP client, wins handler by handler). Unchanged when the agent has none.
 */
export function withAgentClient(options: CallOptions, agent: ClientHandlers | undefined): CallOptions {
  if (!agent) return options;
  const own = options.client;
  if (!own) return { ...options, client: agent };
  return {
    ...options,
    client: {
      log: own.log ? own.log.bind(own) : agent.log,
      sample: own.sample ? own.sample.bind(own) : agent.sample,
      elicit: own.elicit ? own.elicit.bind(own) : agent.elicit,
      closeStream: own.closeStream?.bind(own),
    },
  };
}
