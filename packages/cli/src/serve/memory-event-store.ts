export { DEFAULT_EVENT_BYTES_KEPT, DEFAULT_EVENTS_KEPT, MemoryEventStore } from '@toolwright/sdk/mcp';
