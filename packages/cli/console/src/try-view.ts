import { useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { CallResponse, CatalogueTool, ConsoleIssue, ValidateResponse } from '../../src/console/console-api.js';
import { ApiFailure, postJson } from './api.js';
import { Badges } from './catalogue-view.js';
import { html } from './html.js';
import { initialValue } from './schema.js';
import type { Schema } from './schema.js';
import { ResultView } from './result-view.js';
import { SchemaField } from './schema-form.js';

/** The form of one tool: generated from its schema, checked by the server's validator, then called. */
function ToolForm({ tool }: { tool: CatalogueTool }): VNode {
  const root = tool.inputSchema as Schema;
  const [value, setValue] = useState<unknown>(() => initialValue(root, root) ?? {});
  const [issues, setIssues] = useState<ConsoleIssue[]>([]);
  const [message, setMessage] = useState('');
  const [result, setResult] = useState<CallResponse | undefined>();
  const [busy, setBusy] = useState(false);
  const [jsonText, setJsonText] = useState<string | undefined>();

  const validate = async (): Promise<boolean> => {
    const verdict = await postJson<ValidateResponse>('validate', { tool: tool.name, arguments: value ?? {} });
    setIssues(verdict.ok ? [] : verdict.issues);
    setMessage(verdict.ok ? '' : verdict.message);
    return verdict.ok;
  };
  const run = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setResult(undefined);
    try {
      if (!(await validate())) return;
      setResult(await postJson<CallResponse>('call', { tool: tool.name, arguments: value ?? {} }));
    } catch (error) {
      setMessage(error instanceof ApiFailure ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const general = issues.filter((issue) => issue.path === '');
  return html`<form class="try" aria-label=${`Call ${tool.name}`} onSubmit=${run} novalidate>
    <header><h3>${tool.name}</h3><${Badges} tool=${tool} /></header>
    <p class="description">${tool.description}</p>
    ${message ? html`<div class="form-message" role="alert"><p>${message.split('\n')[0]}</p>${general.length > 0 ? html`<ul>${general.map((issue) => html`<li>${issue.message}</li>`)}</ul>` : null}</div>` : null}
    <${SchemaField} ctx=${{ root, issues, idPrefix: `f-${tool.name}` }} name="arguments" path="" schema=${root} required=${true} value=${value} onChange=${(next: unknown) => {
      setValue(next);
      setJsonText(undefined);
    }} />
    <details class="raw-json">
      <summary>Arguments as JSON</summary>
      <label for=${`json-${tool.name}`}>Arguments (JSON)</label>
      <textarea id=${`json-${tool.name}`} class="json" rows="5" spellcheck=${false} value=${jsonText ?? JSON.stringify(value ?? {}, null, 2)} onInput=${(event: Event) => {
        const text = (event.target as HTMLTextAreaElement).value;
        setJsonText(text);
        try {
          setValue(JSON.parse(text));
        } catch {
          // kept as typed until it parses
        }
      }}></textarea>
    </details>
    <div class="actions">
      <button type="submit" disabled=${busy}>${busy ? 'Running…' : 'Call'}</button>
      <button type="button" class="secondary" onClick=${() => void validate().catch((error: unknown) => setMessage(String(error)))}>Validate</button>
    </div>
    ${result ? html`<${ResultView} result=${result} />` : null}
  </form>`;
}

/** The Try it view: pick a tool, fill its form, call it under the server's policy. */
export function TryView({ tools, selected, onSelect }: { tools: CatalogueTool[]; selected: string | undefined; onSelect: (name: string) => void }): VNode {
  const tool = tools.find((t) => t.name === selected) ?? tools[0];
  return html`<section aria-labelledby="try-title">
    <h2 id="try-title">Try it</h2>
    <p class="muted">Calls run on the server under the same policy as any call: an ask waits in the approvals inbox.</p>
    <label for="try-tool">Tool</label>
    <select id="try-tool" value=${tool?.name ?? ''} onChange=${(event: Event) => onSelect((event.target as HTMLSelectElement).value)}>
      ${tools.map((t) => html`<option value=${t.name}>${t.name}</option>`)}
    </select>
    ${tool ? html`<${ToolForm} key=${tool.name} tool=${tool} />` : html`<p>No tools.</p>`}
  </section>`;
}
