import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { CatalogueResponse, ConsoleInboxEntry, LiveCall } from '../../src/console/console-api.js';
import { getJson } from './api.js';
import { AuditView } from './audit-view.js';
import { CatalogueView } from './catalogue-view.js';
import { html } from './html.js';
import { InboxView } from './inbox-view.js';
import { LiveView } from './live-view.js';
import { mergeCalls } from './merge-calls.js';
import { mergeEntries } from './merge-entries.js';
import { TryView } from './try-view.js';

type Tab = 'catalogue' | 'try' | 'live' | 'inbox' | 'audit';
const TABS: [Tab, string][] = [
  ['catalogue', 'Catalogue'],
  ['try', 'Try it'],
  ['live', 'Live'],
  ['inbox', 'Approvals'],
  ['audit', 'Audit'],
];

function tabFromHash(): Tab {
  const name = location.hash.slice(1);
  return TABS.some(([tab]) => tab === name) ? (name as Tab) : 'catalogue';
}

function App(): VNode {
  const [tab, setTab] = useState<Tab>(tabFromHash());
  const [catalogue, setCatalogue] = useState<CatalogueResponse | undefined>();
  const [calls, setCalls] = useState<LiveCall[]>([]);
  const [inbox, setInbox] = useState<{ available: boolean; entries: ConsoleInboxEntry[] }>({ available: true, entries: [] });
  const [selected, setSelected] = useState<string | undefined>();
  const [problem, setProblem] = useState('');
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    const loadTools = (): void => void getJson<CatalogueResponse>('tools').then(setCatalogue, (error: Error) => setProblem(error.message));
    // The tools, calls and inbox are listed, then kept current by the events. The server sends an
    // event only to the streams open at that moment, so each is listed again every time the stream
    // opens: what changed before this page's stream was open (or while it reconnected) is in that
    // listing. A listing of calls or entries is merged, never replacing what events brought.
    const loadState = (): void => {
      void getJson<{ calls: LiveCall[] }>('calls').then((answer) => setCalls((old) => mergeCalls(old, answer.calls)), () => undefined);
      void getJson<{ available: boolean; entries: ConsoleInboxEntry[] }>('inbox').then((answer) => setInbox((old) => ({ available: answer.available, entries: mergeEntries(old.entries, answer.entries) })), () => undefined);
    };
    loadTools();
    loadState();
    const events = new EventSource('/console/api/events');
    events.onopen = () => {
      setConnected(true);
      loadTools();
      loadState();
    };
    events.onerror = () => setConnected(false);
    events.addEventListener('call', (event) => {
      const call = JSON.parse((event as MessageEvent<string>).data) as LiveCall;
      setCalls((old) => mergeCalls(old, [call]));
    });
    events.addEventListener('inbox', (event) => {
      const entry = JSON.parse((event as MessageEvent<string>).data) as ConsoleInboxEntry;
      setInbox((old) => ({ ...old, entries: mergeEntries(old.entries, [entry]) }));
    });
    events.addEventListener('tools', loadTools);
    const onHash = (): void => setTab(tabFromHash());
    addEventListener('hashchange', onHash);
    return () => {
      events.close();
      removeEventListener('hashchange', onHash);
    };
  }, []);

  const go = (next: Tab): void => {
    location.hash = next;
    setTab(next);
  };
  const pending = inbox.entries.filter((entry) => entry.state === 'pending').length;
  const onTabKey = (event: KeyboardEvent): void => {
    const at = TABS.findIndex(([t]) => t === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(at + step + TABS.length) % TABS.length]![0];
    go(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  // Every view stays mounted (hidden when not shown): a form keeps its values and a call that
  // waits for approval shows its result when one comes back to it.
  const views: [Tab, VNode][] = catalogue
    ? [
        ['catalogue', html`<${CatalogueView} catalogue=${catalogue} onTry=${(name: string) => {
          setSelected(name);
          go('try');
        }} />`],
        ['try', html`<${TryView} tools=${catalogue.tools} selected=${selected} onSelect=${setSelected} />`],
        ['live', html`<${LiveView} calls=${calls} />`],
        ['inbox', html`<${InboxView} entries=${inbox.entries} available=${inbox.available} />`],
        ['audit', html`<${AuditView} tools=${catalogue.tools.map((t) => t.name)} />`],
      ]
    : [];
  return html`<div class="shell">
    <header class="top">
      <h1>Toolwright console</h1>
      <span class=${`live-state ${connected ? 'on' : 'off'}`} role="status">${connected ? 'live' : 'reconnecting…'}</span>
    </header>
    <nav aria-label="Views">
      <div role="tablist" aria-label="Views" onKeyDown=${onTabKey}>
        ${TABS.map(
          ([name, label]) => html`<button type="button" role="tab" id=${`tab-${name}`} aria-selected=${tab === name} aria-controls=${`panel-${name}`} tabindex=${tab === name ? 0 : -1} onClick=${() => go(name)}>
            ${label}${name === 'inbox' && pending > 0 ? html` <span class="count" aria-label=${`${pending} pending`}>${pending}</span>` : null}
          </button>`,
        )}
      </div>
    </nav>
    <main>
      ${catalogue ? null : html`<p>${problem || 'Loading…'}</p>`}
      ${views.map(([name, view]) => html`<div role="tabpanel" id=${`panel-${name}`} aria-labelledby=${`tab-${name}`} hidden=${tab !== name}>${view}</div>`)}
    </main>
  </div>`;
}

render(html`<${App} />`, document.getElementById('app')!);
