import type { ToolInstruction } from './tool-instruction.js';

/** Escapes `&`, `<` and `"` for an XML-like attribute. */
function attribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

/**
 * The system-prompt text of `instructions` for the tools in `visible`: instructions of tools not
 * in the view are left out; per group the first wins; each group is written as
 * `<tool-instruction name="g">…</tool-instruction>`, joined by newlines. Empty string when none.
 */
export function renderInstructions(instructions: readonly ToolInstruction[], visible: (tool: string) => boolean): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const instruction of instructions) {
    if (!visible(instruction.tool) || seen.has(instruction.group)) continue;
    seen.add(instruction.group);
    parts.push(`<tool-instruction name="${attribute(instruction.group)}">${instruction.content}</tool-instruction>`);
  }
  return parts.join('\n');
}
