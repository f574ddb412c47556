/**
 * Default most MCP sessions a server built by `createMcpServer` keeps open over HTTP
 * (`maxSessions`; `toolwright serve --max-sessions`).
 */
export const DEFAULT_MAX_SESSIONS = 100;

/** Default seconds without a request after which an HTTP session is closed (`sessionIdleMs`; `serve --session-idle`). */
export const DEFAULT_SESSION_IDLE_S = 600;
