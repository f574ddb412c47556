import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { toolInstruction } from './tool-instruction.js';
import type { InstructionSource, ToolInstruction } from './tool-instruction.js';
import type { Toolset } from './toolset.js';

/** Options of {@link FunctionToolset}. */
export interface FunctionToolsetOptions {
  /** A name for messages, and the group of a toolset-wide instruction. */
  label?: string;
  /**
   * System-prompt text: one string or {@link Instruction} for the whole toolset (written once while
   * any of its tools is in view), or one per tool name.
   */
  instructions?: InstructionSource | Readonly<Record<string, InstructionSource>>;
}

function isInstruction(value: unknown): value is InstructionSource {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && typeof (value as { content?: unknown }).content === 'string' && typeof (value as { group?: unknown }).group === 'string');
}

/**
 * A fixed set of tools (the simplest toolset). Two tools of one name, or a per-tool instruction
 * for a tool it does not have, throw `INVALID_DEFINITION` here. Resolving it returns the same
 * array every turn until {@link FunctionToolset.addTool}.
 */
export class FunctionToolset implements Toolset {
  readonly label: string;
  private list: readonly ToolDefinition[];
  private readonly toolInstructions: ToolInstruction[] = [];
  private readonly shared?: InstructionSource;

  constructor(tools: readonly ToolDefinition[], options: FunctionToolsetOptions = {}) {
    this.label = options.label ?? 'FunctionToolset';
    this.list = [];
    for (const tool of tools) this.list = this.withTool(tool);
    const instructions = options.instructions;
    if (isInstruction(instructions)) {
      this.shared = typeof instructions === 'string' ? { group: this.label, content: instructions } : instructions;
    } else if (instructions !== undefined) {
      for (const [name, source] of Object.entries(instructions)) {
        if (!this.list.some((tool) => tool.name === name)) {
          throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${this.label}: an instruction is given for tool '${name}', which this toolset does not have. Tools: ${this.list.map((t) => t.name).join(', ') || '(none)'}.` });
        }
        const instruction = toolInstruction(name, source);
        if (instruction) this.toolInstructions.push(instruction);
      }
    }
  }

  private withTool(tool: ToolDefinition): readonly ToolDefinition[] {
    if (this.list.some((t) => t.name === tool.name)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_DEFINITION, message: `${this.label}: two tools are named '${tool.name}'.`, details: { name: tool.name } });
    }
    return [...this.list, tool];
  }

  /** Adds a tool (a new array, so the next turn sees the change). */
  addTool(tool: ToolDefinition): void {
    this.list = this.withTool(tool);
  }

  /** The tools (the same array while nothing was added). */
  tools(): readonly ToolDefinition[] {
    return this.list;
  }

  /** The per-tool instructions, and the toolset-wide one bound to each of its tools (first wins per group). */
  instructions(): readonly ToolInstruction[] {
    if (!this.shared) return this.toolInstructions;
    const shared = this.shared;
    return [...this.toolInstructions, ...this.list.map((tool) => toolInstruction(tool.name, shared)!).filter(Boolean)];
  }
}
