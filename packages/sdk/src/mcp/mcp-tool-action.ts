import { Field } from '../schema/field.js';
import { Action } from '../tool/action.js';

/** The Action of every MCP tool: the validated arguments, sent to the server as they are. */
export class MCPToolAction extends Action {
  /** The arguments (already checked against the tool's `inputSchema`). */
  @Field({ schema: { type: 'object' }, description: 'The arguments sent to the MCP tool.' })
  data!: Record<string, unknown>;
}

Action.registerKind(MCPToolAction);
