import { useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { LiveCall } from '../../src/console/console-api.js';
import { html } from './html.js';

/** The Live view: every session's calls as they happen (newest first), filtered by tool, session, decision or errors. */
export function LiveView({ calls }: { calls: LiveCall[] }): VNode {
  const [tool, setTool] = useState('');
  const [session, setSession] = useState('');
  const [decision, setDecision] = useState('');
  const [errorsOnly, setErrorsOnly] = useState(false);
  const tools = [...new Set(calls.map((call) => call.tool))].sort();
  const sessions = [...new Set(calls.map((call) => call.session))].sort();
  const decisions = [...new Set(calls.map((call) => call.decision ?? 'running'))].sort();
  const shown = calls
    .filter((call) => (tool === '' || call.tool === tool) && (session === '' || call.session === session) && (decision === '' || (call.decision ?? 'running') === decision) && (!errorsOnly || call.isError === true))
    .slice()
    .reverse();
  const select = (id: string, label: string, value: string, set: (v: string) => void, options: string[]): VNode =>
    html`<span class="filter"><label for=${id}>${label}</label><select id=${id} value=${value} onChange=${(event: Event) => set((event.target as HTMLSelectElement).value)}><option value="">all</option>${options.map((o) => html`<option value=${o}>${o}</option>`)}</select></span>`;
  return html`<section aria-labelledby="live-title">
    <h2 id="live-title">Live calls <span class="muted">${shown.length} of ${calls.length}</span></h2>
    <div class="filters" role="group" aria-label="Filters">
      ${select('live-tool', 'Tool', tool, setTool, tools)} ${select('live-session', 'Session', session, setSession, sessions)} ${select('live-decision', 'Decision', decision, setDecision, decisions)}
      <span class="filter"><input type="checkbox" id="live-errors" checked=${errorsOnly} onChange=${(event: Event) => setErrorsOnly((event.target as HTMLInputElement).checked)} /><label for="live-errors">Errors only</label></span>
    </div>
    <div class="table-wrap">
      <table class="calls">
        <thead><tr><th scope="col">Started</th><th scope="col">Session</th><th scope="col">Tool</th><th scope="col">Arguments</th><th scope="col">Decision</th><th scope="col">Duration</th><th scope="col">Result</th></tr></thead>
        <tbody aria-live="polite">
          ${shown.map(
            (call) => html`<tr key=${call.id} data-call=${call.id} class=${call.isError ? 'error' : call.state}>
              <td>${new Date(call.startedAt).toLocaleTimeString()}</td>
              <td>${call.session}</td>
              <td><code>${call.tool}</code></td>
              <td><code class="args">${call.argumentsSummary}</code></td>
              <td>${call.decision ?? 'running…'}</td>
              <td>${call.durationMs === undefined ? '' : `${call.durationMs} ms`}</td>
              <td class="summary">${call.errorCode ? html`<span class="badge error">${call.errorCode}</span> ` : null}${call.resultSummary ?? ''}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}
