export { structuredContentOf, toCallToolResult } from '@toolwright/sdk/mcp';
