import { DynamicStructuredTool } from '@langchain/core/tools';
import type { StructuredToolInterface, ToolRunnableConfig } from '@langchain/core/tools';
import type { Agent, CallOptions } from '@toolwright/sdk';
import { frameworkToolSpecs } from '../frameworks/framework-tool-specs.js';
import type { FrameworkToolOutput } from '../frameworks/framework-tool-output.js';
import { runForFramework } from '../frameworks/run-for-framework.js';

/** Options of {@link toLangChainTools}. */
export interface LangChainToolsOptions {
  /** OpenAI strict schemas where a tool's schema allows it (default false: the plain JSON Schema). */
  strict?: boolean;
  /** Passed to every call (besides the run's abort signal and the tool call id). */
  callOptions?: Omit<CallOptions, 'signal' | 'toolCallId'>;
}

/** A LangChain message content block. */
type ContentBlock = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** The ToolMessage content: the text, or text and images as content blocks. */
export function langChainContent(output: FrameworkToolOutput): string | ContentBlock[] {
  if (!output.content.some((b) => b.type === 'image')) return output.text;
  return output.content.map((b): ContentBlock => (b.type === 'image' ? { type: 'image_url', image_url: { url: `data:${b.mimeType};base64,${b.data}` } } : { type: 'text', text: b.type === 'text' ? b.text : `[${b.type}]` }));
}

/**
 * The agent's tools (its current view) as LangChain structured tools (`DynamicStructuredTool` over
 * the Toolwright JSON Schema) for `model.bindTools(tools)` and any LangChain loop. Each call runs
 * through the Agent (validation, policy, hooks, events; the run's `signal` and the tool call's id
 * are passed through). Invoked with a tool call, a tool gives a `ToolMessage` whose content is what
 * the model reads and whose `artifact` is the {@link FrameworkToolOutput} (`isError`, `errorCode`).
 * LangChain has no approval step of its own: a policy `ask` is refused naming the rule (give the
 * Agent an approval callback to ask a human during the call).
 */
export function toLangChainTools(agent: Agent, options: LangChainToolsOptions = {}): StructuredToolInterface[] {
  return frameworkToolSpecs(agent, options.strict === true).map((spec) => {
    const name = spec.name;
    return new DynamicStructuredTool({
      name,
      description: spec.description,
      schema: spec.parameters as ConstructorParameters<typeof DynamicStructuredTool>[0]['schema'],
      responseFormat: 'content_and_artifact',
      func: async (input: unknown, _runManager?: unknown, config?: ToolRunnableConfig) => {
        const output = await runForFramework(agent, { id: config?.toolCall?.id ?? '', name, input, signal: config?.signal, approved: false }, options.callOptions);
        return [langChainContent(output), output];
      },
    }) as unknown as StructuredToolInterface;
  });
}
