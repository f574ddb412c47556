export { ClientLogLevelSetting, servedClientHandlers } from '@toolwright/sdk/mcp';
