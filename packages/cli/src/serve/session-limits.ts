// The CLI's flag defaults, kept here (not imported from '@toolwright/sdk/mcp') so that the command
// table does not load the MCP SDK for every command; equal to the library's defaults
// (DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_S of createMcpServer: a test checks).

/** Default most MCP sessions `serve --http` keeps open (`--max-sessions`). */
export const DEFAULT_MAX_SESSIONS = 100;

/** Default seconds without a request after which `serve --http` closes a session (`--session-idle`). */
export const DEFAULT_SESSION_IDLE_S = 600;
