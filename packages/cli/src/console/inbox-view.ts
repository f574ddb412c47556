import type { ApprovalInbox, InboxEntry } from '@toolwright/sdk/policy';
import { approvalAnswerProblem } from '@toolwright/sdk/internal';
import type { ToolDefinition } from '@toolwright/sdk';
import type { ConsoleInboxEntry, ConsoleIssue } from './console-api.js';
import { validateArguments } from './validate-arguments.js';

/** An entry as the page shows it, with the rules an "always" answer would add. */
export function consoleEntry(entry: InboxEntry): ConsoleInboxEntry {
  const { request } = entry;
  const view: ConsoleInboxEntry = { ...entry, source: { ...entry.source }, alwaysRules: [] };
  if (request.bypassImmune) view.alwaysNote = 'A safety check asked: "always" approves this call only and adds no rule.';
  else if (request.askRule !== undefined) view.alwaysNote = `The ask rule ${request.askRule} asks every time: "always" approves this call only and adds no rule.`;
  else view.alwaysRules = request.suggestedRules.length > 0 ? [...request.suggestedRules] : [request.toolName];
  return view;
}

/** Why an answer from the page is refused before it reaches the inbox (HTTP 400/422), or undefined. */
export interface AnswerRefusal {
  status: 400 | 404 | 409 | 422;
  message: string;
  issues?: ConsoleIssue[];
}

/**
 * Answers entry `id` from the console: the answer must be well formed, an `edit` answer's
 * arguments must pass the tool's validator (when this process knows the tool; the waiting call
 * validates them again either way), and the inbox accepts it only with the entry's `binding`.
 */
export async function answerFromConsole(
  inbox: ApprovalInbox,
  body: unknown,
  toolOf: (name: string) => ToolDefinition | undefined,
  answeredBy: string,
): Promise<{ ok: true; entry: ConsoleInboxEntry } | ({ ok: false } & AnswerRefusal)> {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof record.id !== 'string' || typeof record.binding !== 'string') return { ok: false, status: 400, message: 'Expected { id, binding, answer }: the entry id and its binding as shown.' };
  const problem = approvalAnswerProblem(record.answer);
  if (problem) return { ok: false, status: 400, message: `answer: ${problem}.` };
  const answer = record.answer as Parameters<ApprovalInbox['answer']>[2];
  const entry = await inbox.get(record.id);
  if (!entry) return { ok: false, status: 404, message: `No inbox entry '${record.id}'.` };
  if (entry.state !== 'pending') return { ok: false, status: 409, message: `Entry '${record.id}' is ${entry.state}, no longer pending.` };
  if (answer.type === 'edit') {
    const tool = toolOf(entry.request.toolName);
    if (tool) {
      const verdict = validateArguments(tool, answer.arguments);
      if (!verdict.ok) return { ok: false, status: 422, message: verdict.message, issues: verdict.issues };
    }
  }
  try {
    return { ok: true, entry: consoleEntry(await inbox.answer(record.id, record.binding, answer, answeredBy)) };
  } catch (error) {
    return { ok: false, status: 409, message: (error as Error).message };
  }
}
