import { Field } from '../schema/field.js';
import { textContent } from './content.js';
import type { Content } from './content.js';
import { Observation } from './observation.js';

/**
 * The result of a schema-first tool ({@link defineTool}): content blocks for the model, and, when
 * `execute` returned an object, that object as `structuredContent` (MCP's structured result,
 * checked against the tool's `output` schema when it has one) with its JSON as the text.
 */
export class StructuredObservation extends Observation {
  /** The structured result (MCP `structuredContent`), when the tool returned an object. */
  @Field({ schema: { type: 'object' }, optional: true, description: "The tool's structured result (MCP structuredContent)." })
  structuredContent?: Record<string, unknown>;

  /** An Observation of a structured result: its JSON is the text the model reads. */
  static fromStructured(structuredContent: Record<string, unknown>): StructuredObservation {
    const observation = new StructuredObservation();
    observation.structuredContent = structuredContent;
    observation.content = [textContent(JSON.stringify(structuredContent))];
    return observation;
  }

  /** The content blocks; only a structured result shows it as JSON. */
  override llmContent(): Content[] {
    if (this.content.length > 0) return this.content;
    if (this.structuredContent !== undefined) return [textContent(JSON.stringify(this.structuredContent))];
    return [];
  }
}

Observation.registerKind(StructuredObservation);
