import { ToolRegistry } from './tool-registry.js';

/** The registry `@Tool` registers into unless told otherwise. */
export const defaultRegistry = new ToolRegistry();
