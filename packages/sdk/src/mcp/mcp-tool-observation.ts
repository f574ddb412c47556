import { Field } from '../schema/field.js';
import type { Action } from '../tool/action.js';
import { textContent } from '../tool/content.js';
import type { Content } from '../tool/content.js';
import { Observation } from '../tool/observation.js';

/**
 * The result of an MCP tool: every content block the server sent (text, image, audio, resource
 * links, embedded resources) in `content`, its `structuredContent` for code, and its `_meta`.
 */
export class MCPToolObservation extends Observation {
  /** The tool's structured result (MCP `structuredContent`), when it returned one. */
  @Field({ schema: { type: 'object' }, optional: true, description: "The tool's structured result (MCP structuredContent)." })
  structuredContent?: Record<string, unknown>;

  /** The result's `_meta`, when the server sent one. */
  @Field({ schema: { type: 'object' }, optional: true, name: '_meta', description: "The result's _meta." })
  meta?: Record<string, unknown>;

  /**
   * A failed MCP call (thrown by the client, e.g. a lost connection): a `ToolwrightError` names
   * the server itself; anything else is `<label> failed: <message>` (`MCP tool 'search' failed: …`).
   * A plain `Observation`, as the funnel's default.
   */
  static override fromError(error: unknown, action?: Action, label = 'MCP tool'): Observation {
    return Observation.errorOf(error, `${label} failed`);
  }

  /** The content blocks; a result with only `structuredContent` shows it as JSON. */
  override llmContent(): Content[] {
    if (this.content.length > 0) return this.content;
    if (this.structuredContent !== undefined) return [textContent(JSON.stringify(this.structuredContent))];
    return [];
  }
}

Observation.registerKind(MCPToolObservation);
