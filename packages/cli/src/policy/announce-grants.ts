import type { ApprovalHandler } from '@toolwright/sdk/policy';

/**
 * `handler`, saying on `write` (stderr) where the rules of an "always" answer are saved, so the
 * person answering knows which file now allows such calls (and where to remove the rule).
 */
export function announceGrants(handler: ApprovalHandler, grantsFile: string, write: (line: string) => void = (line) => void process.stderr.write(`${line}\n`)): ApprovalHandler {
  return async (request, context) => {
    const answer = await handler(request, context);
    if (answer.type === 'always' && !request.bypassImmune && request.askRule === undefined) {
      const rules = answer.rules ?? request.suggestedRules;
      write(`toolwright: "always" saves ${rules.length > 0 ? rules.join(', ') : request.toolName} to ${grantsFile}`);
    }
    return answer;
  };
}
