export { statelessToolset } from '@toolwright/sdk/mcp';
