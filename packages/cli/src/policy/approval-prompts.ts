import type { ApprovalAnswer, ApprovalContext, ApprovalHandler, ApprovalRequest } from '@toolwright/sdk/policy';
import type { Terminal } from '../io/terminal.js';

/** The flag that would allow the request's call (its first suggested rule, else the tool). */
export function ruleToAdd(request: ApprovalRequest): string {
  return `--allow '${request.suggestedRules[0] ?? request.toolName}'`;
}

/** What a refused ask says: why it asked, and how to allow it next time. */
export function refusalReason(request: ApprovalRequest, where: string): string {
  if (request.bypassImmune) return `${request.reason} There is no way to approve it ${where}; run it where a person can answer.`;
  const rule = request.suggestedRules[0] ?? request.toolName;
  return `${request.reason} Nobody can approve it ${where}. To allow such calls, add the rule ${rule} (flag ${ruleToAdd(request)}, or permissions.allow in the agent spec).`;
}

/** Without a terminal, an ask is a refusal that names the rule to add (the call exits 1). */
export const refuseWithoutTerminal: ApprovalHandler = (request) => ({ type: 'reject', reason: refusalReason(request, 'without a terminal') });

/** One line from `input`, or undefined at its end. */
function readLine(input: NodeJS.ReadableStream, signal: AbortSignal | undefined): Promise<string | undefined> {
  return new Promise((resolve) => {
    // node:readline (and readline/promises with it) required by the first prompt, not by every command that may prompt (serve).
    const rl = process.getBuiltinModule('node:readline').createInterface({ input, terminal: false });
    let done = false;
    const finish = (line: string | undefined): void => {
      if (done) return;
      done = true;
      signal?.removeEventListener('abort', onAbort);
      rl.close();
      resolve(line);
    };
    const onAbort = (): void => finish(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    rl.once('line', (line) => finish(line));
    rl.once('close', () => finish(undefined));
  });
}

/** Shows `prompt` and reads one answer line; undefined at end of input or when `signal` aborts. */
export type AskLine = (prompt: string, signal: AbortSignal | undefined) => Promise<string | undefined>;

/** {@link AskLine} on the terminal's own stdin (prompt on stderr): for `call`, which reads nothing else. */
export function stdinLine(term: Terminal): AskLine {
  return (prompt, signal) => {
    term.io.stderr.write(prompt);
    return readLine(term.io.stdin, signal);
  };
}

/**
 * Asks on the terminal: the tool, its arguments and why, then `Allow? [y]es / [n]o / [a]lways`.
 * `a` adds the suggested rule (persisted in the grants file); end of input or Ctrl-C is a no.
 * No "always" for a safety ask or when an ask rule asked (ask rules come before allow rules).
 * `ask` reads the answer (default: a line of stdin; the shell passes its own readline's question).
 */
export function terminalApproval(term: Terminal, ask: AskLine = stdinLine(term)): ApprovalHandler {
  return async (request: ApprovalRequest, context: ApprovalContext): Promise<ApprovalAnswer> => {
    const c = term.c;
    term.err(`${c.yellow('Permission needed:')} ${c.bold(request.toolName)} ${JSON.stringify(request.arguments)}`);
    term.err(`  ${request.reason}`);
    // An ask rule outranks every allow rule: "always" could add nothing that stops this question.
    if (request.askRule !== undefined) term.err(`  The ask rule ${request.askRule} asks every time; "always" cannot override it (remove the rule to stop the question).`);
    const always = request.bypassImmune || request.askRule !== undefined ? '' : ` / [a]lways${request.suggestedRules.length > 0 ? ` (adds ${request.suggestedRules.join(', ')})` : ''}`;
    for (;;) {
      const line = await ask(`Allow? [y]es / [n]o${always}: `, context.signal);
      const answer = line?.trim().toLowerCase();
      if (answer === undefined || answer === 'n' || answer === 'no') return { type: 'reject', reason: 'The user answered no at the terminal.' };
      if (answer === 'y' || answer === 'yes') return { type: 'approve' };
      if (always !== '' && (answer === 'a' || answer === 'always')) return { type: 'always' };
    }
  };
}

/**
 * `serve`'s approvals: asks the client's user through MCP elicitation when the client offers it
 * (approve / reject / always); otherwise a refusal naming the rule to add.
 */
export const elicitApproval: ApprovalHandler = async (request, context) => {
  if (!context.elicit) return { type: 'reject', reason: refusalReason(request, 'because this MCP client does not support elicitation') };
  const once = request.bypassImmune || request.askRule !== undefined;
  const choices = once ? ['approve', 'reject'] : ['approve', 'reject', 'always'];
  const result = await context.elicit({
    message: `Allow tool '${request.toolName}' with ${JSON.stringify(request.arguments)}? ${request.reason}${request.suggestedRules.length > 0 && !once ? ` ("always" adds ${request.suggestedRules.join(', ')})` : ''}`,
    requestedSchema: { type: 'object', properties: { decision: { type: 'string', enum: choices, description: 'approve once, reject, or always allow such calls' } }, required: ['decision'] },
  });
  const decision = result.action === 'accept' ? result.content?.decision : undefined;
  if (decision === 'approve') return { type: 'approve' };
  if (decision === 'always' && !once) return { type: 'always' };
  return { type: 'reject', reason: result.action === 'accept' ? 'The user rejected the call.' : `The user did not answer (${result.action}).` };
};
