import type { AnyClass } from '../schema/metadata-store.js';
import type { ToolAnnotations } from '../tool/tool-annotations.js';
import { recordToolClass } from '../tool/tool-class-metadata.js';
import { toolNameFromClass } from '../tool/tool-name.js';
import { defaultRegistry } from './default-registry.js';
import type { ToolClass, ToolRegistry } from './tool-registry.js';

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
  /** Where to register (default: `defaultRegistry`); `false` records metadata only. */
  registry?: ToolRegistry | false;
}

/**
 * Declares a tool class: records its name, description, annotations and Params class, and
 * registers the class (which must have `static create(convState, params)`) in a registry.
 */
export function Tool(options: ToolOptions) {
  return <T extends ToolClass>(target: T): void => {
    const name = options.name ?? toolNameFromClass(target.name);
    recordToolClass(target, { name, description: options.description, annotations: options.annotations, params: options.params, title: options.title });
    if (options.registry !== false) (options.registry ?? defaultRegistry).register(name, target);
  };
}
