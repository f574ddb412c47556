import type { VNode } from 'preact';
import type { CatalogueResponse, CatalogueTool } from '../../src/console/console-api.js';
import { html } from './html.js';
import { constraintsOf, describeType, propertiesOf, resolveSchema } from './schema.js';
import type { Schema } from './schema.js';

const HINTS: [string, string][] = [
  ['readOnlyHint', 'read-only'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'open world'],
];

/** The annotation badges of a tool (`read-only`, `destructive`, …) for the hints that are true. */
export function Badges({ tool }: { tool: CatalogueTool }): VNode {
  // MCP: destructive and idempotent only mean something for a tool that is not read-only.
  const readOnly = tool.annotations.readOnlyHint === true;
  const on = HINTS.filter(([key]) => tool.annotations[key] === true && (!readOnly || key === 'readOnlyHint' || key === 'openWorldHint')).map(([, label]) => label);
  return html`<span class="badges"><span class="badge origin">${tool.origin}</span>${on.map((label) => html`<span class=${`badge ${label.replace(/ /g, '-')}`}>${label}</span>`)}</span>`;
}

/** An input schema as a readable nested list: name, type, required, constraints, description. */
export function SchemaOutline({ schema, root, depth = 0 }: { schema: unknown; root: Schema; depth?: number }): VNode {
  const resolved = resolveSchema(schema, root);
  const properties = propertiesOf(resolved);
  if (properties.length === 0) return html`<p class="muted">${depth === 0 ? 'No arguments.' : describeType(resolved, root)}</p>`;
  return html`<ul class="outline">
    ${properties.map(({ name, schema: property, required }) => {
      const inner = resolveSchema(property, root);
      const item = inner.items !== undefined ? resolveSchema(inner.items, root) : undefined;
      const nested = depth < 4 ? (propertiesOf(inner).length > 0 ? inner : item && propertiesOf(item).length > 0 ? item : undefined) : undefined;
      return html`<li>
        <code>${name}</code> <span class="type">${describeType(property, root)}</span>
        <span class=${required ? 'required' : 'muted'}>${required ? 'required' : 'optional'}</span>
        ${constraintsOf(inner).map((c) => html` <span class="muted">${c}</span>`)}
        ${typeof inner.description === 'string' ? html`<div class="description">${inner.description}</div>` : null}
        ${nested ? html`<${SchemaOutline} schema=${nested} root=${root} depth=${depth + 1} />` : null}
      </li>`;
    })}
  </ul>`;
}

function ToolCard({ tool, onTry }: { tool: CatalogueTool; onTry: (name: string) => void }): VNode {
  return html`<article class="tool" data-tool=${tool.name} aria-labelledby=${`tool-${tool.name}`}>
    <header>
      <h3 id=${`tool-${tool.name}`}>${tool.name}${tool.title ? html` <span class="muted">${tool.title}</span>` : null}</h3>
      <${Badges} tool=${tool} />
    </header>
    <p class="description">${tool.description}</p>
    <details><summary>Arguments</summary><${SchemaOutline} schema=${tool.inputSchema} root=${tool.inputSchema} /></details>
    ${tool.outputSchema ? html`<details><summary>Output schema</summary><${SchemaOutline} schema=${tool.outputSchema} root=${tool.outputSchema} /></details>` : null}
    <details>
      <summary>Exports per provider</summary>
      ${tool.exports.map(
        (exported) => html`<details class="export">
          <summary>${exported.format}${exported.declaration === undefined ? ' — not exported' : ''}${exported.warnings.length > 0 ? ` (${exported.warnings.length} warning${exported.warnings.length > 1 ? 's' : ''})` : ''}</summary>
          ${exported.warnings.map((warning) => html`<pre class="warning">${warning}</pre>`)}
          ${exported.declaration !== undefined ? html`<pre>${JSON.stringify(exported.declaration, null, 2)}</pre>` : null}
        </details>`,
      )}
    </details>
    <button type="button" onClick=${() => onTry(tool.name)}>Try ${tool.name}</button>
  </article>`;
}

/** The Catalogue view: the servers behind the tools, then every tool. */
export function CatalogueView({ catalogue, onTry }: { catalogue: CatalogueResponse; onTry: (name: string) => void }): VNode {
  return html`<section aria-labelledby="catalogue-title">
    <h2 id="catalogue-title">Catalogue <span class="muted">${catalogue.tools.length} tools · ${catalogue.label}</span></h2>
    ${catalogue.servers.length > 0
      ? html`<table class="servers">
          <caption>MCP servers and provider groups</caption>
          <thead><tr><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Tools</th></tr></thead>
          <tbody>
            ${catalogue.servers.map(
              (server) => html`<tr>
                <td>${server.kind === 'mcp' ? 'MCP server' : `group (${server.provider ?? ''})`}</td>
                <td>${server.name}</td>
                <td><span class=${`state ${server.state}`}>${server.state}</span>${server.error ? html`<div class="muted">${server.error}</div>` : null}</td>
                <td>${server.tools.length}</td>
              </tr>`,
            )}
          </tbody>
        </table>`
      : null}
    <div class="tools">${catalogue.tools.map((tool) => html`<${ToolCard} key=${tool.name} tool=${tool} onTry=${onTry} />`)}</div>
  </section>`;
}
