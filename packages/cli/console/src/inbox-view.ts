import { useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { ConsoleInboxEntry, ConsoleIssue } from '../../src/console/console-api.js';
import type { ApprovalAnswer } from '../../src/console/console-api.js';
import { ApiFailure, postJson } from './api.js';
import { html } from './html.js';

/** One pending (or answered) entry: what is asked, by whom, and the four answers. */
function EntryCard({ entry }: { entry: ConsoleInboxEntry }): VNode {
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState(false);
  const [argsText, setArgsText] = useState(JSON.stringify(entry.request.arguments, null, 2));
  const [message, setMessage] = useState('');
  const [issues, setIssues] = useState<ConsoleIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const id = `entry-${entry.id}`;
  const answer = async (given: ApprovalAnswer): Promise<void> => {
    setBusy(true);
    setMessage('');
    setIssues([]);
    try {
      await postJson('inbox/answer', { id: entry.id, binding: entry.binding, answer: given });
    } catch (error) {
      setMessage(error instanceof Error ? error.message.split('\n')[0]! : String(error));
      if (error instanceof ApiFailure) setIssues(error.issues);
    } finally {
      setBusy(false);
    }
  };
  const sendEdit = (): void => {
    let args: unknown;
    try {
      args = JSON.parse(argsText);
    } catch (error) {
      setMessage(`The arguments are not JSON: ${(error as Error).message}`);
      return;
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      setMessage('The arguments must be a JSON object.');
      return;
    }
    void answer({ type: 'edit', arguments: args as Record<string, unknown> });
  };
  const pending = entry.state === 'pending';
  return html`<article class=${`entry ${entry.state}`} data-entry=${entry.id} aria-labelledby=${`${id}-title`}>
    <header>
      <h3 id=${`${id}-title`}><code>${entry.request.toolName}</code> <span class="muted">${entry.state}</span></h3>
      <span class="muted">${entry.source.kind} · ${entry.source.label} · ${entry.source.process} · ${new Date(entry.createdAt).toLocaleString()}</span>
    </header>
    <p class="reason">${entry.request.reason}</p>
    <pre class="args" aria-label="Arguments">${JSON.stringify(entry.request.arguments, null, 2)}</pre>
    ${entry.answer ? html`<p class="answered">Answered <strong>${entry.answer.type}</strong>${entry.answeredBy ? ` by ${entry.answeredBy}` : ''}${entry.answer.type === 'reject' && entry.answer.reason ? `: ${entry.answer.reason}` : ''}</p>` : null}
    ${pending
      ? html`<div class="answers">
          <div class="actions">
            <button type="button" disabled=${busy} onClick=${() => void answer({ type: 'approve' })}>Approve</button>
            <button type="button" disabled=${busy} onClick=${() => void answer({ type: 'always' })} aria-describedby=${`${id}-always`}>Always</button>
            <button type="button" class="secondary" disabled=${busy} onClick=${() => setEditing(!editing)} aria-expanded=${editing}>Edit arguments</button>
          </div>
          <p class="muted" id=${`${id}-always`}>${entry.alwaysRules.length > 0 ? `Always adds the rule${entry.alwaysRules.length > 1 ? 's' : ''} ${entry.alwaysRules.join(', ')} to the grants file.` : entry.alwaysNote ?? ''}</p>
          <div class="reject">
            <label for=${`${id}-reason`}>Reason for rejecting</label>
            <input type="text" id=${`${id}-reason`} value=${reason} onInput=${(event: Event) => setReason((event.target as HTMLInputElement).value)} />
            <button type="button" class="danger" disabled=${busy} onClick=${() => void answer(reason.trim() === '' ? { type: 'reject' } : { type: 'reject', reason })}>Reject</button>
          </div>
          ${editing
            ? html`<div class="edit">
                <label for=${`${id}-args`}>Edited arguments (JSON, checked by the tool's validator)</label>
                <textarea id=${`${id}-args`} class="json" rows="6" spellcheck=${false} value=${argsText} onInput=${(event: Event) => setArgsText((event.target as HTMLTextAreaElement).value)}></textarea>
                <button type="button" disabled=${busy} onClick=${sendEdit}>Run with these arguments</button>
              </div>`
            : null}
          ${message ? html`<div class="form-message" role="alert"><p>${message}</p>${issues.length > 0 ? html`<ul>${issues.map((issue) => html`<li><code>${issue.path || 'arguments'}</code>: ${issue.message}</li>`)}</ul>` : null}</div>` : null}
        </div>`
      : null}
  </article>`;
}

/** The Approvals view: pending asks of every process sharing the inbox, then the recent answers. */
export function InboxView({ entries, available }: { entries: ConsoleInboxEntry[]; available: boolean }): VNode {
  if (!available) return html`<section aria-labelledby="inbox-title"><h2 id="inbox-title">Approvals</h2><p>This console has no approvals inbox.</p></section>`;
  const pending = entries.filter((entry) => entry.state === 'pending');
  const done = entries.filter((entry) => entry.state !== 'pending').slice(0, 20);
  return html`<section aria-labelledby="inbox-title">
    <h2 id="inbox-title">Approvals <span class="muted">${pending.length} pending</span></h2>
    ${pending.length === 0 ? html`<p class="muted">Nothing waits for an answer.</p>` : pending.map((entry) => html`<${EntryCard} key=${entry.id} entry=${entry} />`)}
    ${done.length > 0 ? html`<h3>Recent</h3>${done.map((entry) => html`<${EntryCard} key=${entry.id} entry=${entry} />`)}` : null}
  </section>`;
}
