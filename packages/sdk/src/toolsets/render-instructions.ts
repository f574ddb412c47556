import type { ToolInstruction } from './tool-instruction.js';

/** Escapes `&`, `<` and `"` for an XML-like attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/**
 * One group's instructions as the model reads them, wherever they are written (the system prompt
 * of `agent.instructions()`, `reset_tools`' result): `<tool-instruction name="g">…</tool-instruction>`.
 */
export function instructionTag(group: string, content: string): string {
  return `<tool-instruction name="${attribute(group)}">${content}</tool-instruction>`;
}

/**
 * The system-prompt text of `instructions` for the tools in `visible`: instructions of tools not
 * in the view are left out; per group the first wins; each group is written by
 * {@link instructionTag}, joined by newlines. Empty string when none.
 */
export function renderInstructions(instructions: readonly ToolInstruction[], visible: (tool: string) => boolean): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const instruction of instructions) {
    if (!visible(instruction.tool) || seen.has(instruction.group)) continue;
    seen.add(instruction.group);
    parts.push(instructionTag(instruction.group, instruction.content));
  }
  return parts.join('\n');
}
