import type { AnyClass } from '../schema/metadata-store.js';
import type { ToolAnnotations } from './tool-annotations.js';

/** What `@Tool` records on a tool class. */
export interface ToolClassMetadata {
  /** Tool name (default: from the class name). */
  name?: string;
  /** Description for the model. */
  description?: string;
  /** MCP annotations. */
  annotations?: ToolAnnotations;
  /** The class `params` of a spec are validated against. */
  params?: AnyClass;
  /** Human title. */
  title?: string;
}

const store = new WeakMap<object, ToolClassMetadata>();

/** Records tool-class metadata (called by `@Tool`). */
export function recordToolClass(cls: object, metadata: ToolClassMetadata): void {
  store.set(cls, { ...store.get(cls), ...metadata });
}

/** The metadata recorded for `cls` (own only). */
export function toolClassMetadataOf(cls: object): ToolClassMetadata | undefined {
  return store.get(cls);
}
