/** Default most MCP sessions `serve --http` keeps open (`--max-sessions`). */
export const DEFAULT_MAX_SESSIONS = 100;

/** Default seconds without a request after which `serve --http` closes a session (`--session-idle`). */
export const DEFAULT_SESSION_IDLE_S = 600;
