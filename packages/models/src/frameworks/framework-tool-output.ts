import type { Content, Observation } from '@toolwright/sdk';

/**
 * What a Toolwright tool returns inside a framework (AI SDK, openai-agents, LangChain): plain JSON,
 * so the framework can store it in its messages and run state.
 */
export interface FrameworkToolOutput {
  /** True when the call failed, was denied, or waits for an approval no one gave. */
  isError: boolean;
  /** All text the model reads (error header included; images and audio as `[image image/png]`). */
  text: string;
  /** The content blocks the model reads (error header included), images and audio as base64. */
  content: Content[];
  /** Why it failed, as a stable code (`PERMISSION_DENIED`, `INVALID_ARGUMENTS`, …). */
  errorCode?: string;
}

function placeholderText(block: Content): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'image' || block.type === 'audio') return `[${block.type} ${block.mimeType}]`;
  if (block.type === 'resource_link') return `[link ${block.uri}]`;
  return block.resource.text ?? `[resource ${block.resource.uri}]`;
}

/** The framework-facing form of an Observation. */
export function frameworkToolOutput(observation: Observation): FrameworkToolOutput {
  const content = observation.toLlmContent();
  const output: FrameworkToolOutput = { isError: observation.isError, text: content.length > 0 ? content.map(placeholderText).join('\n') : '(no output)', content };
  if (observation.errorCode !== undefined) output.errorCode = observation.errorCode;
  return output;
}
