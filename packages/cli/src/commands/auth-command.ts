import { statSync } from 'node:fs';
import { ToolwrightError } from '@toolwright/sdk';
import { authorizeMcpServer, DEFAULT_OAUTH_REDIRECT_URL, FileOAuthClientProvider } from '@toolwright/sdk/mcp';
import { flag, stringOption } from '../args/parse-command-line.js';
import { parseTimeout } from '../args/parse-json-arguments.js';
import { oauthServerNamed, oauthServerPlans } from '../auth/oauth-server-plans.js';
import type { OAuthServerPlan } from '../auth/oauth-server-plans.js';
import { RedirectListener } from '../auth/redirect-listener.js';
import { CliError, ExitCode } from '../cli-error.js';
import type { Terminal } from '../io/terminal.js';
import type { CommandContext } from './command-context.js';

/** How long `auth login` waits for the browser by default. */
const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;

/**
 * `toolwright auth (login SERVER | status [SERVER] | logout SERVER) --spec FILE`: signs in to an
 * HTTP MCP server of the spec with the authorization-code flow (PKCE; the URL is printed, the
 * redirect received on the loopback redirect URI, the tokens saved in the server's 0600 token
 * file that `call`, `shell` and `serve` then use), shows who is signed in, or removes the tokens.
 */
export async function authCommand(context: CommandContext): Promise<ExitCode> {
  const { line, term } = context;
  const [action, server] = line.positionals as [string, string | undefined];
  const spec = stringOption(line.values, 'spec');
  if (spec === undefined) throw new CliError({ command: 'auth', message: 'auth needs --spec FILE: the MCP servers and their auth settings are in the agent spec.' });
  if (action !== 'login' && action !== 'status' && action !== 'logout') {
    throw new CliError({ command: 'auth', message: `Unknown auth action '${action}'.`, hint: 'Use login SERVER, status [SERVER] or logout SERVER.' });
  }
  if (action !== 'status' && server === undefined) throw new CliError({ command: 'auth', message: `auth ${action} needs the name of the MCP server (as in the spec's mcpServers).` });
  const plans = await oauthServerPlans(spec, term.io.cwd, term.io.env);
  if (action === 'status') {
    const shown = server === undefined ? plans : [oauthServerNamed(plans, server, spec)];
    return status(term, shown, spec, flag(line.values, 'json'));
  }
  const plan = oauthServerNamed(plans, server!, spec);
  const tokenFile = userTokenFile(plan);
  if (action === 'logout') return logout(term, plan, tokenFile);
  return login(term, plan, tokenFile, parseTimeout(stringOption(line.values, 'timeout')) ?? DEFAULT_LOGIN_TIMEOUT_MS);
}

/** The token file of a server a user signs in to; a {@link CliError} for client credentials or no file. */
function userTokenFile(plan: OAuthServerPlan): string {
  if (plan.auth.grant === 'client_credentials') {
    throw new CliError({ command: 'auth', message: `MCP server '${plan.name}' uses grant 'client_credentials': nobody signs in (a token is fetched with the client secret at every start).` });
  }
  if (plan.auth.tokenFile === undefined) {
    throw new CliError({
      command: 'auth',
      message: `MCP server '${plan.name}' keeps no tokens: auth.tokenFile is not set, so a sign-in would end with this command.`,
      hint: `Add mcpServers.${plan.name}.auth.tokenFile (e.g. ".toolwright/${plan.name}-tokens.json"); it is written with mode 0600.`,
    });
  }
  return plan.auth.tokenFile;
}

async function login(term: Terminal, plan: OAuthServerPlan, tokenFile: string, timeoutMs: number): Promise<ExitCode> {
  const listener = await RedirectListener.open(plan.auth.redirectUrl ?? DEFAULT_OAUTH_REDIRECT_URL, plan.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new CliError({
    command: 'auth',
    message: `No sign-in within ${timeoutMs / 1000} s: the browser did not come back to ${plan.auth.redirectUrl ?? DEFAULT_OAUTH_REDIRECT_URL}.`,
    hint: 'Run the command again and finish the sign-in in the browser (--timeout S to wait longer).',
  })), timeoutMs);
  const onSigint = (): void => controller.abort(new CliError({ command: 'auth', message: 'Sign-in interrupted; the token file is unchanged.', exitCode: ExitCode.INTERRUPTED }));
  process.on('SIGINT', onSigint);
  const provider = new FileOAuthClientProvider(plan.name, {
    ...plan.auth,
    authorize: (url) => {
      term.err(`Open this address in a browser to sign in to MCP server '${plan.name}':`);
      term.errUntrusted(`  ${url.href}`);
      term.err(term.c.dim(`Waiting for the browser to come back to ${listener.address} (Ctrl-C to stop)…`));
      return listener.waitForRedirect(controller.signal);
    },
  });
  provider.forgetTokensForSignIn();
  try {
    await authorizeMcpServer(plan.name, provider, plan.url, plan.auth.scope);
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof CliError) throw controller.signal.reason;
    if (ToolwrightError.isInstance(error)) throw new CliError({ command: 'auth', message: error.message, cause: error });
    throw error;
  } finally {
    clearTimeout(timer);
    process.off('SIGINT', onSigint);
    await listener.close();
  }
  term.out(`Signed in to MCP server '${plan.name}'; tokens saved to ${tokenFile} (mode 0600).`);
  return ExitCode.OK;
}

function logout(term: Terminal, plan: OAuthServerPlan, tokenFile: string): ExitCode {
  const provider = new FileOAuthClientProvider(plan.name, plan.auth);
  if (!provider.tokens()) {
    term.out(`Not signed in to MCP server '${plan.name}' (no tokens in ${tokenFile}).`);
    return ExitCode.OK;
  }
  provider.invalidateCredentials('tokens');
  term.out(`Signed out of MCP server '${plan.name}': tokens removed from ${tokenFile}.`);
  return ExitCode.OK;
}

/** One server's sign-in state, as `auth status --json` prints it. */
interface AuthStatus {
  server: string;
  url: string;
  grant: 'authorization_code' | 'client_credentials';
  state: 'signed-in' | 'signed-out' | 'not-kept' | 'no-sign-in';
  tokenFile?: string;
  /** ISO time the access token expires, when the server said. */
  expiresAt?: string;
  refreshToken?: boolean;
}

function statusOf(plan: OAuthServerPlan): AuthStatus {
  const base = { server: plan.name, url: `${plan.url.origin}${plan.url.pathname}` };
  if (plan.auth.grant === 'client_credentials') return { ...base, grant: 'client_credentials', state: 'no-sign-in' };
  const tokenFile = plan.auth.tokenFile;
  if (tokenFile === undefined) return { ...base, grant: 'authorization_code', state: 'not-kept' };
  const tokens = new FileOAuthClientProvider(plan.name, plan.auth).tokens();
  if (!tokens) return { ...base, grant: 'authorization_code', state: 'signed-out', tokenFile };
  const out: AuthStatus = { ...base, grant: 'authorization_code', state: 'signed-in', tokenFile, refreshToken: tokens.refresh_token !== undefined };
  // The file is rewritten whenever tokens are saved: its time is when these were issued.
  if (typeof tokens.expires_in === 'number') out.expiresAt = new Date(statSync(tokenFile).mtimeMs + tokens.expires_in * 1000).toISOString();
  return out;
}

function describeStatus(s: AuthStatus, spec: string): string {
  switch (s.state) {
    case 'no-sign-in':
      return 'client credentials: no sign-in (a token is fetched with the client secret at every start)';
    case 'not-kept':
      return 'authorization code, no auth.tokenFile: a sign-in lasts one run';
    case 'signed-out':
      return `not signed in (toolwright auth login ${s.server} --spec ${spec})`;
    case 'signed-in': {
      const expiry = s.expiresAt === undefined ? '' : Date.parse(s.expiresAt) > Date.now() ? `, access token until ${s.expiresAt}` : `, access token expired at ${s.expiresAt}`;
      return `signed in (${s.tokenFile}${expiry}${s.refreshToken ? ', refreshed when it expires' : ', no refresh token: sign in again when it expires'})`;
    }
  }
}

function status(term: Terminal, plans: readonly OAuthServerPlan[], spec: string, asJson: boolean): ExitCode {
  const rows = plans.map(statusOf);
  if (asJson) {
    term.out(JSON.stringify(rows, null, 2));
    return ExitCode.OK;
  }
  if (rows.length === 0) {
    term.out(`No HTTP MCP server in spec ${spec} has auth settings.`);
    return ExitCode.OK;
  }
  const width = Math.max(...rows.map((r) => r.server.length));
  for (const row of rows) term.outUntrusted(`${row.server.padEnd(width)}  ${describeStatus(row, spec)}`);
  return ExitCode.OK;
}
