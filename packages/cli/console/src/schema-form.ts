import { useEffect, useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { ConsoleIssue } from '../../src/console/console-api.js';
import { html } from './html.js';
import { constraintsOf, describeType, fieldKind, initialValue, joinPath, propertiesOf, resolveSchema } from './schema.js';
import type { Schema } from './schema.js';

/** What every field of one form shares. */
export interface FormContext {
  /** The tool's whole input schema (for `$ref`). */
  root: Schema;
  /** The validator's issues, by path. */
  issues: ConsoleIssue[];
  /** Prefix of element ids (unique per form). */
  idPrefix: string;
}

interface FieldProps {
  ctx: FormContext;
  name: string;
  path: string;
  schema: unknown;
  required: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
}

function fieldId(ctx: FormContext, path: string): string {
  return `${ctx.idPrefix}-${path === '' ? 'root' : path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** The validator's messages for exactly this path, shown under the field. */
function Issues({ ctx, path, id }: { ctx: FormContext; path: string; id: string }): VNode | null {
  const mine = ctx.issues.filter((issue) => issue.path === path);
  if (mine.length === 0) return null;
  return html`<ul class="field-issues" id=${`${id}-issues`} role="alert">${mine.map((issue) => html`<li>${issue.message}</li>`)}</ul>`;
}

function Hint({ schema, ctx, id, required }: { schema: Schema; ctx: FormContext; id: string; required: boolean }): VNode {
  const description = typeof schema.description === 'string' ? schema.description : '';
  const facts = [describeType(schema, ctx.root), required ? 'required' : 'optional', ...constraintsOf(schema)].join(' · ');
  return html`<div class="hint" id=${`${id}-hint`}><span class="facts">${facts}</span>${description ? html`<span class="description">${description}</span>` : null}</div>`;
}

function describedBy(ctx: FormContext, path: string, id: string): string {
  return ctx.issues.some((issue) => issue.path === path) ? `${id}-hint ${id}-issues` : `${id}-hint`;
}

/** A JSON text box: for unions, free-form objects and anything a form cannot spell out. */
function JsonField(props: FieldProps & { id: string }): VNode {
  const { value, onChange, id, ctx, path } = props;
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value, null, 2));
  const [problem, setProblem] = useState('');
  useEffect(() => {
    // A value set from outside (the JSON view of the whole form) shows here.
    let current: unknown;
    try {
      current = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      return;
    }
    if (JSON.stringify(current) !== JSON.stringify(value)) setText(value === undefined ? '' : JSON.stringify(value, null, 2));
  }, [value]);
  const onInput = (event: Event): void => {
    const next = (event.target as HTMLTextAreaElement).value;
    setText(next);
    if (next.trim() === '') {
      setProblem('');
      onChange(undefined);
      return;
    }
    try {
      onChange(JSON.parse(next));
      setProblem('');
    } catch (error) {
      setProblem(`Not JSON yet: ${(error as Error).message}`);
    }
  };
  return html`<textarea id=${id} class="json" rows="3" spellcheck=${false} aria-describedby=${describedBy(ctx, path, id)} aria-invalid=${problem !== '' || ctx.issues.some((i) => i.path === path)} value=${text} onInput=${onInput}></textarea>${problem ? html`<div class="field-issues" role="alert">${problem}</div>` : null}`;
}

/** One field of the form, chosen by its schema (recursing into objects and arrays). */
export function SchemaField(props: FieldProps): VNode {
  const { ctx, name, path, required, value, onChange } = props;
  const schema = resolveSchema(props.schema, ctx.root);
  const kind = fieldKind(schema);
  const id = fieldId(ctx, path);
  // The label is the name alone (what is required is said in the hint below it).
  const label = html`<label for=${id} class="field-name">${name}</label>`;
  const aria = { 'aria-describedby': describedBy(ctx, path, id), 'aria-invalid': ctx.issues.some((issue) => issue.path === path), 'aria-required': required };

  if (kind === 'object') {
    if (value === undefined && !required) {
      return html`<div class="field"><span class="field-name">${name}</span><${Hint} schema=${schema} ctx=${ctx} id=${id} required=${required} /><button type="button" onClick=${() => onChange(initialValue(schema, ctx.root))}>Add ${name}</button><${Issues} ctx=${ctx} path=${path} id=${id} /></div>`;
    }
    const object = (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
    return html`<fieldset class="field object" id=${id}>
      <legend>${name}</legend>
      <${Hint} schema=${schema} ctx=${ctx} id=${id} required=${required} />
      ${propertiesOf(schema).map(
        (property) =>
          html`<${SchemaField}
            key=${property.name}
            ctx=${ctx}
            name=${property.name}
            path=${joinPath(path, property.name)}
            schema=${property.schema}
            required=${property.required}
            value=${object[property.name]}
            onChange=${(next: unknown) => {
              const copy = { ...object };
              if (next === undefined) delete copy[property.name];
              else copy[property.name] = next;
              onChange(copy);
            }}
          />`,
      )}
      ${!required && path !== '' ? html`<button type="button" class="secondary" onClick=${() => onChange(undefined)}>Remove ${name}</button>` : null}
      <${Issues} ctx=${ctx} path=${path} id=${id} />
    </fieldset>`;
  }

  if (kind === 'array') {
    const items = Array.isArray(value) ? value : [];
    const itemSchema = (schema.items ?? {}) as Schema;
    return html`<fieldset class="field array" id=${id}>
      <legend>${name}</legend>
      <${Hint} schema=${schema} ctx=${ctx} id=${id} required=${required} />
      <ol class="items">
        ${items.map(
          (item, index) => html`<li key=${index}>
            <${SchemaField}
              ctx=${ctx}
              name=${`${name}[${index}]`}
              path=${joinPath(path, index)}
              schema=${itemSchema}
              required=${true}
              value=${item}
              onChange=${(next: unknown) => onChange(items.map((old, i) => (i === index ? next : old)))}
            />
            <button type="button" class="secondary" aria-label=${`Remove ${name}[${index}]`} onClick=${() => onChange(items.filter((_, i) => i !== index))}>Remove</button>
          </li>`,
        )}
      </ol>
      <button type="button" onClick=${() => onChange([...items, initialValue(itemSchema, ctx.root)])}>Add item to ${name}</button>
      ${!required && value !== undefined ? html`<button type="button" class="secondary" onClick=${() => onChange(undefined)}>Leave ${name} out</button>` : null}
      <${Issues} ctx=${ctx} path=${path} id=${id} />
    </fieldset>`;
  }

  let control: VNode;
  switch (kind) {
    case 'enum': {
      const options = schema.enum as (string | number | boolean)[];
      const index = options.findIndex((option) => option === value);
      control = html`<select id=${id} ...${aria} value=${index < 0 ? '' : String(index)} onChange=${(event: Event) => {
        const chosen = (event.target as HTMLSelectElement).value;
        onChange(chosen === '' ? undefined : options[Number(chosen)]);
      }}>
        ${!required || index < 0 ? html`<option value="">${required ? '— choose —' : '— leave out —'}</option>` : null}
        ${options.map((option, i) => html`<option value=${String(i)}>${String(option)}</option>`)}
      </select>`;
      break;
    }
    case 'boolean':
      control = required
        ? html`<input type="checkbox" id=${id} ...${aria} checked=${value === true} onChange=${(event: Event) => onChange((event.target as HTMLInputElement).checked)} />`
        : html`<select id=${id} ...${aria} value=${value === undefined ? '' : String(value)} onChange=${(event: Event) => {
            const chosen = (event.target as HTMLSelectElement).value;
            onChange(chosen === '' ? undefined : chosen === 'true');
          }}>
            <option value="">— leave out —</option>
            <option value="true">true</option>
            <option value="false">false</option>
          </select>`;
      break;
    case 'number':
    case 'integer':
      control = html`<input type="text" inputmode=${kind === 'integer' ? 'numeric' : 'decimal'} id=${id} ...${aria} value=${value === undefined ? '' : String(value)} onInput=${(event: Event) => {
        const text = (event.target as HTMLInputElement).value.trim();
        // What does not parse goes to the validator as typed, so its message says what is wrong.
        onChange(text === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text));
      }} />`;
      break;
    case 'string': {
      const long = (typeof schema.maxLength !== 'number' || schema.maxLength > 200) && /content|text|body|command|code|script|query|prompt|message/i.test(name);
      const onInput = (event: Event): void => {
        const text = (event.target as HTMLInputElement).value;
        onChange(text === '' && !required ? undefined : text);
      };
      control = long
        ? html`<textarea id=${id} rows="3" ...${aria} value=${typeof value === 'string' ? value : ''} onInput=${onInput}></textarea>`
        : html`<input type="text" id=${id} ...${aria} value=${typeof value === 'string' ? value : value === undefined ? '' : String(value)} onInput=${onInput} />`;
      break;
    }
    default:
      control = html`<${JsonField} ...${props} id=${id} />`;
  }
  return html`<div class=${`field ${kind}${required ? ' required-field' : ''}`}>${label}<${Hint} schema=${schema} ctx=${ctx} id=${id} required=${required} />${control}<${Issues} ctx=${ctx} path=${path} id=${id} /></div>`;
}
