import type { AnyClass } from '../schema/metadata-store.js';
import type { ToolAnnotations } from '../tool/tool-annotations.js';
import { recordToolClass } from '../tool/tool-class-metadata.js';
import { toolNameFromClass } from '../tool/tool-name.js';
import type { ToolClass } from './tool-registry.js';

/** Options of {@link Tool}. */
export interface ToolOptions {
  /** Registered and model-facing name (default: from the class name, `GrepTool` → `grep`). */
  name?: string;
  /** What the tool does, for the model. */
  description: string;
  /** Human title. */
  title?: string;
  /** MCP annotations. */
  annotations?: ToolAnnotations;
  /** The class that validates a spec's `params`. */
  params?: AnyClass;
}

/**
 * Declares a tool class: records its name, description, annotations and Params class. It only
 * records — importing a tool changes no registry; register the class explicitly, e.g.
 * `registry.register(GreetTool)` (the name comes from this metadata).
 */
export function Tool(options: ToolOptions) {
  return <T extends ToolClass>(target: T): void => {
    const name = options.name ?? toolNameFromClass(target.name);
    recordToolClass(target, { name, description: options.description, annotations: options.annotations, params: options.params, title: options.title });
  };
}
