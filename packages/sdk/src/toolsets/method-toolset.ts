import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ServiceClass } from '../di/container.js';
import type { ConversationState } from '../state/conversation-state.js';
import type { Action } from '../tool/action.js';
import type { ToolContext } from '../tool/tool-context.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { functionTool } from './function-tool.js';
import type { FunctionToolResult } from './function-tool.js';
import { toolMethodsOf } from './tool-method.js';
import type { Toolset } from './toolset.js';
import type { TurnContext } from './turn-context.js';

type Method = (action: Action, ctx: ToolContext) => FunctionToolResult | Promise<FunctionToolResult>;

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** The tools of `instance`'s `@ToolMethod`s, each calling its method on `instance`. */
export function toolsOfInstance(instance: object): ToolDefinition[] {
  const records = toolMethodsOf(instance.constructor as ServiceClass<unknown>);
  if (records.length === 0) throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${instance.constructor.name} has no @ToolMethod methods.` });
  return records.map((record) => {
    const method = (instance as Record<string, unknown>)[record.method] as Method;
    return functionTool((action, ctx) => method.call(instance, action, ctx), {
      action: record.action,
      name: record.name ?? snake(record.method),
      description: record.description,
      readOnly: record.readOnly,
      concurrencySafe: record.concurrencySafe,
    });
  }) as ToolDefinition[];
}

/**
 * A class with `@ToolMethod`s as a toolset: its instance is the conversation's (resolved through
 * the conversation's container, so the class is a `@Service()` whose dependencies are injected,
 * and closed with the conversation), or the given instance. One tool array per conversation.
 */
export class MethodToolset implements Toolset {
  readonly label: string;
  private readonly byState = new WeakMap<ConversationState, readonly ToolDefinition[]>();
  private fixed?: readonly ToolDefinition[];

  constructor(private readonly source: ServiceClass<object> | object) {
    const cls = typeof source === 'function' ? source : source.constructor;
    this.label = cls.name;
    if (toolMethodsOf(cls as ServiceClass<unknown>).length === 0) throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${cls.name} has no @ToolMethod methods.` });
    if (typeof source !== 'function') this.fixed = toolsOfInstance(source);
  }

  /** The tools over the conversation's instance (or the given one). */
  tools(ctx: TurnContext): readonly ToolDefinition[] {
    if (this.fixed) return this.fixed;
    const state = ctx.state;
    if (!state) throw new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${this.label}: a class toolset needs a conversation (initialize the agent first).` });
    let tools = this.byState.get(state);
    if (!tools) this.byState.set(state, (tools = toolsOfInstance(state.getService(this.source as ServiceClass<object>))));
    return tools;
  }
}
