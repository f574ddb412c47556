export { CONVERSATION_STATE, Inject, ScopedContainer, Service, TOOL_PARAMS, Token } from './container.js';
export type { ServiceClass } from './container.js';
