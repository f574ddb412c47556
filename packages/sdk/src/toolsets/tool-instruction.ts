/**
 * System-prompt text a tool contributes while it is in the turn's view. Instructions of one
 * `group` are written once (the first wins); a plain string contributed for a tool is grouped
 * under the tool's name.
 */
export interface Instruction {
  /** Instructions with the same group are written once (the first wins). */
  readonly group: string;
  /** The text. */
  readonly content: string;
}

/**
 * An instruction bound to the tool it belongs to (its name in the toolset that reports it):
 * it is written only while that tool is in the turn's view.
 */
export interface ToolInstruction extends Instruction {
  /** The tool's name, as the toolset reporting the instruction names it. */
  readonly tool: string;
}

/** A string (grouped under the tool's name) or an {@link Instruction}. */
export type InstructionSource = string | Instruction;

/** The {@link ToolInstruction} of `source` for `tool`, or undefined for blank text. */
export function toolInstruction(tool: string, source: InstructionSource | undefined): ToolInstruction | undefined {
  if (source === undefined) return undefined;
  const { group, content } = typeof source === 'string' ? { group: tool, content: source } : source;
  if (typeof content !== 'string' || content.trim() === '') return undefined;
  return { tool, group, content: content.trim() };
}
