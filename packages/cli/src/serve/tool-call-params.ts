export { toolCallParams } from '@toolwright/sdk/mcp';
