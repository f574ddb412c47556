import { tool } from '@openai/agents';
import type { FunctionTool, RunContext, ToolOutputImage, ToolOutputText } from '@openai/agents';
import type { Agent, CallOptions } from '@toolwright/sdk';
import { frameworkToolSpecs } from '../frameworks/framework-tool-specs.js';
import type { FrameworkToolOutput } from '../frameworks/framework-tool-output.js';
import { frameworkNeedsApproval, runForFramework } from '../frameworks/run-for-framework.js';

/** Options of {@link toOpenAIAgentsTools}. */
export interface OpenAIAgentsToolsOptions {
  /**
   * Map a policy `ask` to the framework's approvals (`needsApproval`; default true): the run ends
   * with `result.interruptions`, `result.state.approve(item)` / `reject(item)` and `run(agent, state)`
   * continue it (the state serialises with `state.toString()`). false: an ask is refused (an error
   * result naming the rule). An agent with an approval callback asks itself during the call.
   */
  approvals?: boolean;
  /** OpenAI strict schemas where a tool's schema allows it (default true, as openai-agents' own default). */
  strict?: boolean;
  /** Passed to every call (besides the run's abort signal and the call id). */
  callOptions?: Omit<CallOptions, 'signal' | 'toolCallId'>;
}

/** The model-facing result: the text, or text and images as openai-agents' structured tool output. */
export function openAIAgentsOutput(output: FrameworkToolOutput): string | (ToolOutputText | ToolOutputImage)[] {
  if (!output.content.some((b) => b.type === 'image')) return output.text;
  return output.content.map((b) => (b.type === 'image' ? { type: 'image' as const, image: { data: b.data, mediaType: b.mimeType } } : { type: 'text' as const, text: b.type === 'text' ? b.text : `[${b.type}]` }));
}

/**
 * The agent's tools (its current view) as openai-agents function tools for `new Agent({ tools })`:
 * `tool({ name, description, parameters, strict, execute, needsApproval })` with the Toolwright
 * JSON Schema (strict where it can be), each call run through the Toolwright Agent — validation,
 * policy, hooks, events, resource order; the run's abort signal and the call id are passed
 * through. A policy `ask` surfaces as the framework's own interruption (see
 * {@link OpenAIAgentsToolsOptions.approvals}); a deny or failure is an error text the model reads.
 */
export function toOpenAIAgentsTools(agent: Agent, options: OpenAIAgentsToolsOptions = {}): FunctionTool[] {
  const approvals = options.approvals ?? true;
  return frameworkToolSpecs(agent, options.strict ?? true).map((spec) => {
    const name = spec.name;
    const execute = async (input: unknown, runContext?: RunContext, details?: { toolCall?: { callId: string }; signal?: AbortSignal }) => {
      const id = details?.toolCall?.callId ?? '';
      const approved = approvals && id !== '' && runContext?.isToolApproved({ toolName: name, callId: id }) === true;
      return openAIAgentsOutput(await runForFramework(agent, { id, name, input, signal: details?.signal, approved }, options.callOptions));
    };
    const needsApproval = approvals ? (_ctx: RunContext, input: unknown, callId?: string) => frameworkNeedsApproval(agent, { id: callId ?? '', name, input }) : false;
    // The schema is Toolwright's export (strict form when spec.strict): openai-agents passes a JSON Schema through as is.
    const make = tool as unknown as (o: Record<string, unknown>) => FunctionTool;
    return make({ name, description: spec.description, parameters: spec.parameters, strict: spec.strict, execute, needsApproval, errorFunction: null });
  });
}
