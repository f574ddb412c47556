export { SessionTable } from '@toolwright/sdk/mcp';
export type { ClosableSession, SessionTableOptions } from '@toolwright/sdk/mcp';
