import type { ToolDefinition } from '../tool/tool-definition.js';
import { checkUniqueNames } from './check-unique-names.js';
import { ExternalTool } from './external-tool.js';
import type { ExternalToolSpec } from './external-tool.js';
import type { Toolset } from './toolset.js';

/**
 * Tools with pre-existing JSON Schemas that the caller executes (client-side tools, tools of an
 * outside registry): each call is validated, then left pending for the caller (see
 * {@link ExternalTool}). Needs an agent with a `policy` in deferred mode (no `onApproval`), or an
 * `onApproval` that leaves `metadata.external` requests to the caller.
 */
export class ExternalToolset implements Toolset {
  readonly label: string;
  private readonly list: readonly ToolDefinition[];

  constructor(specs: readonly ExternalToolSpec[], options: { label?: string } = {}) {
    this.label = options.label ?? 'ExternalToolset';
    this.list = specs.map((spec) => new ExternalTool(spec));
    checkUniqueNames(this.list, this.label);
  }

  /** The external tools (the same array every turn). */
  tools(): readonly ToolDefinition[] {
    return this.list;
  }
}
