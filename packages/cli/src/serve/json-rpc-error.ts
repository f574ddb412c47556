export { JsonRpcError } from '@toolwright/sdk/mcp';
