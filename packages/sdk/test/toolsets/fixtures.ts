/** Tools and helpers the toolset tests share. */
import { IsString } from 'class-validator';
import { Action, ConversationState, Field, Observation, ToolDefinition } from '@toolwright/sdk';
import type { ToolAnnotations } from '@toolwright/sdk';

export class TextAction extends Action {
  @Field({ description: 'Some text' }) @IsString() text!: string;
}

/** A tool `name` that answers `<name>:<text>`. */
export function textTool(name: string, annotations: ToolAnnotations = { readOnlyHint: true }): ToolDefinition<TextAction> {
  return new ToolDefinition({
    name,
    description: `The ${name} tool.`,
    actionType: TextAction,
    annotations,
    executor: { execute: (action) => Observation.fromText(`${name}:${action.text}`) },
  });
}

/** A fresh conversation in /tmp. */
export function conversation(id?: string, workingDir = '/tmp'): ConversationState {
  return new ConversationState(id === undefined ? { workingDir } : { workingDir, id });
}

/** `{ id, name, arguments }` for `name` with `{ text }`. */
export function callOf(name: string, text = 'hi', id = 'c1'): { id: string; name: string; arguments: string } {
  return { id, name, arguments: JSON.stringify({ text }) };
}
