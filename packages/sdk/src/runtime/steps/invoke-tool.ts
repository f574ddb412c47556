import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { Observation } from '../../tool/observation.js';
import { errorObservation } from '../../tool/run-call.js';
import type { CallOptions } from '../../tool/tool-context.js';
import { ObservationEvent } from '../observation-event.js';
import type { ToolCallContext } from '../tool-call-context.js';
import { describeError } from '../../util/guards.js';


/** The call's options for `ToolDefinition.call`: conversation, signal, limit, progress tagged with the call. */
function callOptions(ctx: ToolCallContext): CallOptions {
  const { signal, timeoutMs, onProgress } = ctx.options;
  const options: CallOptions = { state: ctx.environment.state, toolCallId: ctx.toolCallId, signal, timeoutMs };
  if (onProgress) {
    const toolCallId = ctx.toolCallId;
    const toolName = ctx.toolName;
    options.onProgress = (report) => onProgress({ ...report, toolCallId, toolName });
  }
  return options;
}

/**
 * The last step: runs the Action through `ToolDefinition.call` (timeout, abort and progress
 * included) and emits the {@link ObservationEvent}. Whatever the tool does, the result is an
 * Observation: a tool without an executor, or one whose `call` throws, gives an error Observation.
 */
export function invokeTool(ctx: ToolCallContext): Promise<void> {
  const tool = ctx.tool!;
  let pending: Promise<Observation>;
  try {
    pending = tool.call(ctx.action!, callOptions(ctx));
  } catch (error) {
    pending = Promise.reject(error);
  }
  return pending.then(
    (observation) => finish(ctx, observation instanceof Observation ? observation : unusable(tool.name)),
    (error: unknown) => {
      const code = ToolwrightError.isInstance(error) ? error.code : ErrorCode.EXECUTION_FAILED;
      finish(ctx, errorObservation(ToolwrightError.isInstance(error) ? error.message : `Tool '${tool.name}' failed: ${describeError(error)}`, code));
    },
  );
}

function unusable(name: string): Observation {
  return errorObservation(`Tool '${name}' returned something that is not an Observation.`, ErrorCode.INTERNAL);
}

function finish(ctx: ToolCallContext, observation: Observation): void {
  ctx.events.push(
    new ObservationEvent({ toolCallId: ctx.toolCallId, toolName: ctx.toolName, actionId: ctx.actionEventId ?? '', observation }),
  );
  ctx.observation = observation;
}
