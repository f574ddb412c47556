export { callOriginOf, linkCallOrigin } from '@toolwright/sdk/mcp';
