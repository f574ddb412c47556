import { InvalidClientError, OAuthError, UnauthorizedClientError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { ErrorCode } from '../../errors/error-code.js';
import { ToolwrightError } from '../../errors/toolwright-error.js';
import { describeError } from '../describe-error.js';

/** How the SDK words a refusal to send stored client credentials to another authorization server. */
const BOUND_ELSEWHERE = /^OAuth client information is bound to authorization server (\S+) and is not presented to (\S+)\. /;

/** The error to show for a failed authorization: ours as they are, the SDK's and the server's explained. */
export function oauthFailure(server: string, error: unknown): unknown {
  if (ToolwrightError.isInstance(error)) return error;
  const settings = `mcpServers.${server}.auth`;
  let problem: string;
  if (error instanceof InvalidClientError || error instanceof UnauthorizedClientError) {
    problem = `the authorization server refused the client (${error.errorCode}: ${error.message.slice(0, 200)}); check clientId and clientSecret (or the private key) in ${settings} (in a spec file, the environment variables they name).`;
  } else if (error instanceof OAuthError) {
    problem = `the authorization server answered ${error.errorCode}: ${error.message.slice(0, 200)}.`;
  } else {
    const bound = error instanceof Error ? BOUND_ELSEWHERE.exec(error.message) : null;
    problem = bound
      ? `the MCP server names the authorization server ${bound[2]}, but ${settings}.issuer is ${bound[1]}: the client secret is sent to no other; correct the issuer if the authorization server moved.`
      : `${describeError(error).slice(0, 300)}.`;
  }
  return new ToolwrightError({ code: ErrorCode.AUTH_REQUIRED, message: `OAuth for MCP server '${server}' failed: ${problem}`, details: { server }, cause: error });
}
