import { useEffect, useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { AuditResponse } from '../../src/console/console-api.js';
import { getJson } from './api.js';
import { html } from './html.js';

const DECISIONS = ['allow', 'ask', 'deny', 'approve', 'reject', 'edit', 'always', 'pending'];

/** A `datetime-local` value as an ISO-8601 time (local time zone), or '' when empty. */
function isoOf(local: string): string {
  if (local === '') return '';
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? '' : time.toISOString();
}

/** The Audit view: the policy's audit log, newest first, filtered by tool, decision and time. */
export function AuditView({ tools }: { tools: string[] }): VNode {
  const [tool, setTool] = useState('');
  const [decision, setDecision] = useState('');
  const [since, setSince] = useState('');
  const [until, setUntil] = useState('');
  const [audit, setAudit] = useState<AuditResponse | undefined>();
  const [message, setMessage] = useState('');
  const load = async (event?: Event): Promise<void> => {
    event?.preventDefault();
    const query = new URLSearchParams();
    if (tool) query.set('tool', tool);
    if (decision) query.set('decision', decision);
    if (isoOf(since)) query.set('since', isoOf(since));
    if (isoOf(until)) query.set('until', isoOf(until));
    try {
      setAudit(await getJson<AuditResponse>(`audit?${query.toString()}`));
      setMessage('');
    } catch (error) {
      setMessage(String((error as Error).message));
    }
  };
  useEffect(() => void load(), []);
  return html`<section aria-labelledby="audit-title">
    <h2 id="audit-title">Audit log ${audit?.file ? html`<span class="muted">${audit.file}</span>` : null}</h2>
    <form class="filters" onSubmit=${load} aria-label="Audit filters">
      <span class="filter"><label for="audit-tool">Tool</label><select id="audit-tool" value=${tool} onChange=${(e: Event) => setTool((e.target as HTMLSelectElement).value)}><option value="">all</option>${tools.map((t) => html`<option value=${t}>${t}</option>`)}</select></span>
      <span class="filter"><label for="audit-decision">Decision</label><select id="audit-decision" value=${decision} onChange=${(e: Event) => setDecision((e.target as HTMLSelectElement).value)}><option value="">all</option>${DECISIONS.map((d) => html`<option value=${d}>${d}</option>`)}</select></span>
      <span class="filter"><label for="audit-since">From</label><input type="datetime-local" id="audit-since" value=${since} onInput=${(e: Event) => setSince((e.target as HTMLInputElement).value)} /></span>
      <span class="filter"><label for="audit-until">Until</label><input type="datetime-local" id="audit-until" value=${until} onInput=${(e: Event) => setUntil((e.target as HTMLInputElement).value)} /></span>
      <button type="submit">Show</button>
    </form>
    ${message ? html`<p class="form-message" role="alert">${message}</p>` : null}
    ${audit && !audit.file ? html`<p class="muted">This server writes no audit log.</p>` : null}
    ${audit
      ? html`<div class="table-wrap"><table class="audit">
          <caption>${audit.rows.length} line${audit.rows.length === 1 ? '' : 's'}${audit.truncated ? ' (newest shown)' : ''}</caption>
          <thead><tr><th scope="col">Time</th><th scope="col">Tool</th><th scope="col">Decision</th><th scope="col">Reason</th><th scope="col">Rule</th><th scope="col">Mode</th><th scope="col">Arguments</th><th scope="col">Call</th></tr></thead>
          <tbody>
            ${audit.rows.map(
              (row) => html`<tr>
                <td>${new Date(row.time).toLocaleString()}</td>
                <td><code>${row.tool}</code></td>
                <td><span class=${`decision ${row.decision}`}>${row.decision}</span></td>
                <td>${row.reason ?? ''}${row.note ? html` <span class="muted">${row.note}</span>` : null}</td>
                <td>${row.rule ? html`<code>${row.rule}</code>` : ''}</td>
                <td>${row.mode ?? ''}</td>
                <td>${(row.argumentNames ?? []).join(', ')}</td>
                <td><code>${row.toolCallId ?? ''}</code></td>
              </tr>`,
            )}
          </tbody>
        </table></div>`
      : null}
  </section>`;
}
