import type { JsonSchema } from '@toolwright/sdk';

/** One choice of an enum field: the value sent, and what the person sees. */
export interface Choice {
  value: string;
  label: string;
}

/** A field of an elicitation's (flat) requested schema, as the terminal asks it. */
export interface ElicitationField {
  key: string;
  /** What the person sees (title, else the key). */
  label: string;
  description?: string;
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'choice' | 'choices';
  required: boolean;
  default?: unknown;
  choices: Choice[];
  /** A string's `format` (email, uri, date, date-time), checked before it is sent. */
  format?: string;
  /** minLength / minimum / minItems, maxLength / maximum / maxItems. */
  min?: number;
  max?: number;
}

type Prop = JsonSchema & Record<string, unknown>;

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The choices of an enum (`enum` + legacy `enumNames`, or `oneOf`/`anyOf` of `{ const, title }`). */
function choicesOf(schema: Prop | undefined): Choice[] {
  if (!schema) return [];
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum.map((value, i) => ({ value: String(value), label: typeof names[i] === 'string' ? (names[i] as string) : String(value) }));
  }
  const options = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
  return (options as Prop[]).filter((o) => o && o.const !== undefined).map((o) => ({ value: String(o.const), label: typeof o.title === 'string' ? o.title : String(o.const) }));
}

/** The fields of `schema` in declaration order; unknown property shapes are asked as strings. */
export function elicitationFields(schema: JsonSchema): ElicitationField[] {
  const properties = (schema.properties ?? {}) as Record<string, Prop>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([key, prop]) => {
    const single = choicesOf(prop);
    const multi = prop.type === 'array' ? choicesOf(prop.items as Prop | undefined) : [];
    const kind: ElicitationField['kind'] =
      prop.type === 'array' ? 'choices' : single.length > 0 ? 'choice' : prop.type === 'boolean' || prop.type === 'number' || prop.type === 'integer' ? prop.type : 'string';
    return {
      key,
      label: typeof prop.title === 'string' && prop.title !== '' ? prop.title : key,
      description: typeof prop.description === 'string' ? prop.description : undefined,
      kind,
      required: required.has(key),
      default: prop.default,
      choices: kind === 'choices' ? multi : single,
      format: typeof prop.format === 'string' ? prop.format : undefined,
      min: num(prop.minLength) ?? num(prop.minimum) ?? num(prop.minItems),
      max: num(prop.maxLength) ?? num(prop.maximum) ?? num(prop.maxItems),
    };
  });
}

/** The value a typed line stands for, or the problem to show before asking again. */
export function parseFieldAnswer(field: ElicitationField, text: string): { value: unknown } | { problem: string } {
  switch (field.kind) {
    case 'boolean': {
      const word = text.toLowerCase();
      if (['y', 'yes', 'true'].includes(word)) return { value: true };
      if (['n', 'no', 'false'].includes(word)) return { value: false };
      return { problem: 'answer y or n.' };
    }
    case 'number':
    case 'integer': {
      const value = Number(text);
      if (!Number.isFinite(value)) return { problem: `expected a number, got ${JSON.stringify(text.slice(0, 40))}.` };
      if (field.kind === 'integer' && !Number.isInteger(value)) return { problem: 'expected a whole number.' };
      if (field.min !== undefined && value < field.min) return { problem: `expected at least ${field.min}.` };
      if (field.max !== undefined && value > field.max) return { problem: `expected at most ${field.max}.` };
      return { value };
    }
    case 'choice': {
      const choice = pick(field.choices, text);
      return choice ? { value: choice.value } : { problem: `expected one of 1-${field.choices.length} or a listed value.` };
    }
    case 'choices': {
      const picked = text.split(',').map((part) => pick(field.choices, part.trim()));
      if (picked.some((c) => c === undefined)) return { problem: `expected numbers 1-${field.choices.length} or listed values, separated by commas.` };
      const values = [...new Set(picked.map((c) => c!.value))];
      if (field.min !== undefined && values.length < field.min) return { problem: `pick at least ${field.min}.` };
      if (field.max !== undefined && values.length > field.max) return { problem: `pick at most ${field.max}.` };
      return { value: values };
    }
    default: {
      if (field.min !== undefined && text.length < field.min) return { problem: `expected at least ${field.min} characters.` };
      if (field.max !== undefined && text.length > field.max) return { problem: `expected at most ${field.max} characters.` };
      const format = field.format !== undefined ? FORMATS[field.format] : undefined;
      if (format && !format.test(text)) return { problem: `expected ${format.what}.` };
      return { value: text };
    }
  }
}

/** The string formats MCP elicitation allows, checked roughly (the server checks its own). */
const FORMATS: Record<string, { what: string; test: (text: string) => boolean }> = {
  email: { what: 'an email address (name@host)', test: (t) => /^[^\s@]+@[^\s@]+$/.test(t) },
  uri: { what: 'an absolute URI (e.g. https://example.com)', test: (t) => URL.canParse(t) },
  date: { what: 'a date as YYYY-MM-DD', test: (t) => /^\d{4}-\d{2}-\d{2}$/.test(t) && !Number.isNaN(Date.parse(t)) },
  'date-time': { what: 'a date and time as YYYY-MM-DDTHH:MM:SSZ', test: (t) => /^\d{4}-\d{2}-\d{2}T/.test(t) && !Number.isNaN(Date.parse(t)) },
};

/** How a default is shown: a choice by its label, anything else as JSON. */
export function shownDefault(field: ElicitationField): string {
  const label = (value: unknown): string => field.choices.find((c) => c.value === value)?.label ?? JSON.stringify(value);
  return Array.isArray(field.default) ? field.default.map(label).join(', ') : label(field.default);
}

function pick(choices: readonly Choice[], text: string): Choice | undefined {
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1;
  return choices[index] ?? choices.find((c) => c.value === text || c.label === text);
}
