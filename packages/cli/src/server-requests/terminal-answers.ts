import type { Content, ElicitResult, SampleResult } from '@toolwright/sdk';
import { escapeControlChars } from '../format/escape-control-chars.js';
import type { Terminal } from '../io/terminal.js';
import type { AskLine } from '../policy/approval-prompts.js';
import { elicitationFields, parseFieldAnswer, shownDefault } from './elicitation-fields.js';
import type { ElicitationField } from './elicitation-fields.js';
import type { ServerRequestAnswers } from './server-request-answers.js';

/** The model name a reply typed at the terminal reports. */
export const TERMINAL_MODEL = 'toolwright-terminal-user';

/** Most characters of a server's text shown; most fields asked. */
const MAX_SHOWN = 4000;
const MAX_FIELDS = 50;

const clip = (text: string): string => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length - MAX_SHOWN} more characters)` : text);

function shown(content: Content | Content[]): string {
  return (Array.isArray(content) ? content : [content])
    .map((part) => (part.type === 'text' ? part.text : part.type === 'image' || part.type === 'audio' ? `[${part.type} ${part.mimeType}]` : `[${part.type}]`))
    .join(' ');
}

/**
 * Answers at the terminal: a sampling request shows the conversation and takes the person's typed
 * reply in the model's place (an empty line or end of input declines); an elicitation asks
 * whether to answer, then each field of the requested schema (type, choices, limits, default),
 * asking again until the answer fits. `ask` reads a line (stdin for `call`, the shell's editor).
 */
export function terminalAnswers(term: Terminal, ask: AskLine): ServerRequestAnswers {
  const c = term.c;
  return {
    async sample(request, asker): Promise<SampleResult> {
      term.err(`${c.yellow(`${asker} asks for a reply of the model (sampling)`)}; you answer in its place:`);
      if (request.systemPrompt) term.errUntrusted(`  [system] ${clip(request.systemPrompt)}`);
      for (const message of request.messages) term.errUntrusted(`  [${message.role}] ${clip(shown(message.content))}`);
      const reply = (await ask(`Reply (at most ${request.maxTokens} tokens; an empty line declines): `, undefined))?.trim();
      if (!reply) throw new Error('The user declined to answer the sampling request at the terminal.');
      return { role: 'assistant', content: { type: 'text', text: reply }, model: TERMINAL_MODEL, stopReason: 'endTurn' };
    },
    async elicit(request, asker): Promise<ElicitResult> {
      const fields = elicitationFields(request.requestedSchema);
      term.err(`${c.yellow(`${asker} asks for input (elicitation):`)}`);
      term.errUntrusted(`  ${clip(request.message)}`);
      if (fields.length > MAX_FIELDS) {
        term.err(`  It asks for ${fields.length} fields (at most ${MAX_FIELDS} are asked here): declined.`);
        return { action: 'decline' };
      }
      const go = (await ask('Answer? [y]es / [n]o (decline) / [c]ancel: ', undefined))?.trim().toLowerCase();
      if (go === undefined || go === 'c' || go === 'cancel') return { action: 'cancel' };
      if (go !== 'y' && go !== 'yes') return { action: 'decline' };
      const content: Record<string, unknown> = {};
      for (const field of fields) {
        const value = await askField(term, ask, field);
        if (value === CANCELLED) return { action: 'cancel' };
        if (value !== undefined) content[field.key] = value;
      }
      return { action: 'accept', content };
    },
  };
}

const CANCELLED = Symbol('cancelled');

/** One field, asked until the answer fits: its value, undefined (left out) or CANCELLED (end of input). */
async function askField(term: Terminal, ask: AskLine, field: ElicitationField): Promise<unknown> {
  if (field.description) term.errUntrusted(`  ${field.label}: ${clip(field.description)}`);
  field.choices.forEach((choice, i) => term.errUntrusted(`    ${i + 1}) ${choice.label}`));
  const facts = [field.kind === 'choices' ? 'numbers or values, comma-separated' : field.kind === 'choice' ? 'a number or value' : field.kind === 'boolean' ? 'y/n' : (field.format ?? field.kind)];
  if (field.required) facts.push('required');
  if (field.default !== undefined) facts.push(`Enter for ${shownDefault(field)}`);
  else if (!field.required) facts.push('Enter to leave out');
  for (;;) {
    // The label and the default are the server's words: shown, never interpreted by the terminal.
    const line = await ask(`${escapeControlChars(`${field.label} (${facts.join(', ')})`)}: `, undefined);
    if (line === undefined) return CANCELLED;
    const text = line.trim();
    if (text === '') {
      if (field.default !== undefined) return field.default;
      if (!field.required) return undefined;
      term.err('  This field is required.');
      continue;
    }
    const parsed = parseFieldAnswer(field, text);
    if ('value' in parsed) return parsed.value;
    term.err(`  ${parsed.problem}`);
  }
}
