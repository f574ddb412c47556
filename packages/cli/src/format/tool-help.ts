import type { ChalkInstance } from 'chalk';
import type { JsonSchema, ToolDefinition } from '@toolwright/sdk';
import { annotationBadges, paintBadges } from './annotation-badges.js';
import { escapeControlChars } from './escape-control-chars.js';

/** A JSON Schema's type in a few characters: `string`, `integer[]`, `"a" | "b"`, `string | null`. */
export function schemaTypeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(schemaTypeLabel).join(' | ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const labels = types.map((t) => (t === 'array' ? `${schemaTypeLabel(schema.items).replace(/^(.* \| .*)$/, '($1)')}[]` : t));
  return labels.length > 0 ? labels.join(' | ') : schema.properties ? 'object' : 'any';
}

function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  const add = (key: keyof JsonSchema, label: string): void => {
    if (schema[key] !== undefined) out.push(`${label} ${JSON.stringify(schema[key])}`);
  };
  add('minimum', '≥');
  add('exclusiveMinimum', '>');
  add('maximum', '≤');
  add('exclusiveMaximum', '<');
  add('minLength', 'min length');
  add('maxLength', 'max length');
  add('minItems', 'min items');
  add('maxItems', 'max items');
  add('pattern', 'pattern');
  add('format', 'format');
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${by}${line}`))
    .join('\n');
}

/** A placeholder argument object: the required fields, each with an example, default or value of its type. */
export function exampleArguments(schema: JsonSchema): Record<string, unknown> {
  const sample = (s: JsonSchema | undefined): unknown => {
    if (!s) return null;
    if (s.examples?.length) return s.examples[0];
    if (s.default !== undefined) return s.default;
    if (s.enum?.length) return s.enum[0];
    const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
    switch (type) {
      case 'string':
        return '…';
      case 'integer':
      case 'number':
        return typeof s.minimum === 'number' ? s.minimum : 1;
      case 'boolean':
        return true;
      case 'array':
        return [];
      default:
        return {};
    }
  };
  return Object.fromEntries((schema.required ?? []).map((name) => [name, sample(schema.properties?.[name])]));
}

/**
 * `help <tool>` of the shell: title, origin and badges, the full description, then one block per
 * parameter read from the tool's input schema (type, required or optional, constraints, default,
 * description) and an example call line.
 */
export function renderToolHelp(tool: ToolDefinition, origin: string, c: ChalkInstance): string {
  const schema = tool.inputSchema();
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const safe = (text: string): string => escapeControlChars(text);
  const head = [c.bold.cyan(safe(tool.name)), tool.title ? c.bold(`— ${safe(tool.title)}`) : '', c.magenta(`(${safe(origin)})`), paintBadges(annotationBadges(tool.annotations), c)];
  const lines = [head.filter(Boolean).join(' '), '', indent(safe(tool.description.trim()), '  '), ''];
  if (properties.length === 0) {
    lines.push(c.bold('Parameters:'), '  (none)');
  } else {
    lines.push(c.bold('Parameters:'));
    const width = Math.max(...properties.map(([name]) => safe(name).length));
    for (const [rawName, prop] of properties) {
      const name = safe(rawName);
      const need = required.has(rawName) ? c.yellow('required') : c.dim('optional');
      const extra = constraints(prop).map(safe);
      const typeLabel = safe(schemaTypeLabel(prop));
      lines.push(`  ${c.cyan(name.padEnd(width))}  ${typeLabel}  ${need}${extra.length ? c.dim(`  (${extra.join(', ')})`) : ''}`);
      if (prop.description) lines.push(indent(safe(prop.description.trim()), `  ${' '.repeat(width)}  `));
    }
  }
  lines.push('', `${c.bold('Example:')} ${safe(tool.name)} ${safe(JSON.stringify(exampleArguments(schema)))}`);
  return lines.join('\n');
}
