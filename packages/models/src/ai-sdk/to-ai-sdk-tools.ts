import { jsonSchema, tool } from 'ai';
import type { ModelMessage, Tool, ToolResultPart, ToolSet } from 'ai';

/** The AI SDK's tool result output (what the model reads). */
type ToolResultOutput = ToolResultPart['output'];
import type { Agent, CallOptions } from '@toolwright/sdk';
import { frameworkToolSpecs } from '../frameworks/framework-tool-specs.js';
import { frameworkNeedsApproval, runForFramework } from '../frameworks/run-for-framework.js';
import type { FrameworkToolOutput } from '../frameworks/framework-tool-output.js';

/** Options of {@link toAiSdkTools}. */
export interface AiSdkToolsOptions {
  /**
   * Map a policy `ask` to the AI SDK's tool approval (`needsApproval`; default true): the call
   * ends the step as a `tool-approval-request`, and runs once a `tool-approval-response` with
   * `approved: true` comes back. false: an ask is refused (an error result naming the rule). An
   * agent with an approval callback asks itself during the call, so `needsApproval` stays false.
   */
  approvals?: boolean;
  /** OpenAI strict schemas where a tool's schema allows it (default false: the plain JSON Schema). */
  strict?: boolean;
  /** Passed to every call (besides the AI SDK's abort signal and tool call id). */
  callOptions?: Omit<CallOptions, 'signal' | 'toolCallId'>;
}

type Part = { type?: unknown; toolCallId?: unknown; approvalId?: unknown; approved?: unknown };

const partsOf = (message: ModelMessage): Part[] => (Array.isArray(message.content) ? (message.content as Part[]) : []);

/**
 * True when the messages the AI SDK runs an approved call with hold a `tool-approval-response`
 * with `approved: true` for an approval request of this call.
 */
export function approvedInMessages(messages: readonly ModelMessage[], toolCallId: string): boolean {
  const requests = new Set<unknown>();
  for (const m of messages) if (m.role === 'assistant') for (const p of partsOf(m)) if (p.type === 'tool-approval-request' && p.toolCallId === toolCallId) requests.add(p.approvalId);
  if (requests.size === 0) return false;
  return messages.some((m) => m.role === 'tool' && partsOf(m).some((p) => p.type === 'tool-approval-response' && p.approved === true && requests.has(p.approvalId)));
}

/** What the model reads of a Toolwright result: an error text, content with images, or text. */
export function aiSdkModelOutput(output: FrameworkToolOutput): ToolResultOutput {
  if (output.isError) return { type: 'error-text', value: output.text };
  if (!output.content.some((b) => b.type === 'image')) return { type: 'text', value: output.text };
  return {
    type: 'content',
    value: output.content.map((b) => (b.type === 'image' ? { type: 'image-data' as const, data: b.data, mediaType: b.mimeType } : { type: 'text' as const, text: b.type === 'text' ? b.text : `[${b.type}]` })),
  };
}

/**
 * The agent's tools (its current view) as an AI SDK `ToolSet` for `generateText` / `streamText`:
 * `tool({ description, inputSchema: jsonSchema(…), execute })`, each call run through the Agent —
 * validation, policy, hooks, events and resource order apply; the AI SDK's abort signal and tool
 * call id are passed through. Results are {@link FrameworkToolOutput}s (`isError`, `text`,
 * `content`); the model reads an error as `error-text` and images as `image-data`. A policy `ask`
 * becomes the AI SDK's tool approval (see {@link AiSdkToolsOptions.approvals}).
 */
export function toAiSdkTools(agent: Agent, options: AiSdkToolsOptions = {}): ToolSet {
  const approvals = options.approvals ?? true;
  const tools: Record<string, Tool<unknown, FrameworkToolOutput>> = {};
  for (const spec of frameworkToolSpecs(agent, options.strict === true)) {
    const name = spec.name;
    tools[name] = tool<unknown, FrameworkToolOutput>({
      description: spec.description,
      inputSchema: jsonSchema(spec.parameters as Parameters<typeof jsonSchema>[0]),
      ...(spec.strict ? { strict: true } : {}),
      needsApproval: approvals ? (input, { toolCallId }) => frameworkNeedsApproval(agent, { id: toolCallId, name, input }) : false,
      execute: (input, { toolCallId, abortSignal, messages }) =>
        runForFramework(agent, { id: toolCallId, name, input, signal: abortSignal, approved: approvals && approvedInMessages(messages, toolCallId) }, options.callOptions),
      toModelOutput: ({ output }) => aiSdkModelOutput(output),
    });
  }
  return tools;
}
