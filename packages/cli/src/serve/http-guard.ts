export { checkHttpRequest } from '@toolwright/sdk/mcp';
export type { GuardVerdict, HttpGuardOptions } from '@toolwright/sdk/mcp';
