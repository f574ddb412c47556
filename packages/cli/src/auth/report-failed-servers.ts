import type { McpServerStatus } from '@toolwright/sdk';

/** The words of an MCP connection error that only a sign-in fixes (see FileOAuthClientProvider). */
const NEEDS_SIGN_IN = 'needs a user to authorize this client';

/** The command that signs in to `server`, when `message` says a sign-in is what is missing. */
export function signInHint(message: string, server: string, spec: string | undefined): string | undefined {
  return message.includes(NEEDS_SIGN_IN) ? `Sign in with: toolwright auth login ${server}${spec === undefined ? '' : ` --spec ${spec}`}` : undefined;
}

/**
 * Warns about each optional MCP server that could not be reached (its tools are missing), so a
 * command does not just say "Unknown tool"; a server that needs a sign-in gets the command for it.
 */
export function reportFailedServers(statuses: readonly McpServerStatus[], warn: (message: string) => void, spec: string | undefined): void {
  for (const status of statuses) {
    if (status.state !== 'failed') continue;
    const message = status.error?.message ?? 'unreachable';
    const hint = signInHint(message, status.name, spec);
    warn(`MCP server '${status.name}' skipped (its tools are missing): ${message}${hint === undefined ? '' : ` ${hint}`}`);
  }
}
