export { allowedHostEntry, allowedHostNames, hasPort, hostForUrl, isLoopbackHost, isWildcardHost } from '@toolwright/sdk/mcp';
