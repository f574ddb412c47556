import { joinPath, typeName } from '../schema/validation-issue.js';
import { isPlainObject as isObject } from '../util/guards.js';
import type { SpecProblem } from './spec-problem.js';

const PROMPT_KEYS = ['name', 'title', 'description', 'arguments', 'messages'];
const ARGUMENT_KEYS = ['name', 'description', 'required', 'enum'];
const RESOURCE_KEYS = ['uri', 'name', 'title', 'description', 'mimeType', 'text', 'file'];
const NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const PLACEHOLDER = /\{\{\s*([^}\s]*)\s*\}\}/g;

const expected = (path: string, what: string, got: unknown): SpecProblem => ({ path, message: `expected ${what}, got ${typeName(got)}.` });

function unknownKey(value: Record<string, unknown>, allowed: readonly string[], path: string): SpecProblem | undefined {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  return extra === undefined ? undefined : { path: joinPath(path, extra), message: `unknown field; allowed: ${allowed.join(', ')}.` };
}

function optionalStrings(value: Record<string, unknown>, keys: readonly string[], path: string): SpecProblem | undefined {
  for (const key of keys) if (value[key] !== undefined && typeof value[key] !== 'string') return expected(joinPath(path, key), 'a string', value[key]);
  return undefined;
}

function checkPrompt(prompt: unknown, path: string, seen: Set<string>): SpecProblem | undefined {
  if (!isObject(prompt)) return expected(path, 'a prompt { name, messages, arguments? }', prompt);
  const problem = unknownKey(prompt, PROMPT_KEYS, path) ?? optionalStrings(prompt, ['title', 'description'], path);
  if (problem) return problem;
  if (typeof prompt.name !== 'string' || !NAME.test(prompt.name)) return expected(joinPath(path, 'name'), "a prompt name (1-128 letters, digits, '_', '-', '.')", prompt.name);
  if (seen.has(prompt.name)) return { path: joinPath(path, 'name'), message: `prompt '${prompt.name}' is declared twice; prompt names must be unique.` };
  seen.add(prompt.name);
  const names = new Set<string>();
  const args = prompt.arguments ?? [];
  if (!Array.isArray(args)) return expected(joinPath(path, 'arguments'), 'an array of arguments { name, description?, required?, enum? }', args);
  for (let i = 0; i < args.length; i++) {
    const at = joinPath(joinPath(path, 'arguments'), i);
    const arg: unknown = args[i];
    if (!isObject(arg)) return expected(at, 'an argument { name, description?, required?, enum? }', arg);
    const bad = unknownKey(arg, ARGUMENT_KEYS, at) ?? optionalStrings(arg, ['description'], at);
    if (bad) return bad;
    if (typeof arg.name !== 'string' || !/^[A-Za-z_][\w-]{0,63}$/.test(arg.name)) return expected(joinPath(at, 'name'), 'an argument name (a letter or _, then letters, digits, _ or -)', arg.name);
    if (names.has(arg.name)) return { path: joinPath(at, 'name'), message: `argument '${arg.name}' is declared twice.` };
    names.add(arg.name);
    if (arg.required !== undefined && typeof arg.required !== 'boolean') return expected(joinPath(at, 'required'), 'a boolean', arg.required);
    if (arg.enum !== undefined && !(Array.isArray(arg.enum) && arg.enum.length > 0 && arg.enum.every((v) => typeof v === 'string'))) {
      return expected(joinPath(at, 'enum'), 'a non-empty array of strings', arg.enum);
    }
  }
  const messages = prompt.messages;
  if (!Array.isArray(messages) || messages.length === 0) return expected(joinPath(path, 'messages'), 'a non-empty array of messages { role: user | assistant, text }', messages);
  for (let i = 0; i < messages.length; i++) {
    const at = joinPath(joinPath(path, 'messages'), i);
    const message: unknown = messages[i];
    if (!isObject(message)) return expected(at, 'a message { role: user | assistant, text }', message);
    const bad = unknownKey(message, ['role', 'text'], at);
    if (bad) return bad;
    if (message.role !== 'user' && message.role !== 'assistant') return expected(joinPath(at, 'role'), "'user' or 'assistant'", message.role);
    if (typeof message.text !== 'string') return expected(joinPath(at, 'text'), 'a string', message.text);
    for (const [, name] of message.text.matchAll(PLACEHOLDER)) {
      if (!names.has(name!)) {
        return { path: joinPath(at, 'text'), message: `{{${name}}} names no argument of prompt '${prompt.name}'; arguments: ${[...names].join(', ') || '(none)'}.` };
      }
    }
  }
  return undefined;
}

function checkResource(resource: unknown, path: string, seen: Set<string>): SpecProblem | undefined {
  if (!isObject(resource)) return expected(path, 'a resource { uri, name, text | file }', resource);
  const problem = unknownKey(resource, RESOURCE_KEYS, path) ?? optionalStrings(resource, ['title', 'description', 'mimeType', 'text', 'file'], path);
  if (problem) return problem;
  if (typeof resource.uri !== 'string' || !URL.canParse(resource.uri) || /[{}]/.test(resource.uri)) return expected(joinPath(path, 'uri'), 'an absolute URI without {variables} (docs://guide, file:///…)', resource.uri);
  if (seen.has(resource.uri)) return { path: joinPath(path, 'uri'), message: `resource ${resource.uri} is declared twice; resource URIs must be unique.` };
  seen.add(resource.uri);
  if (typeof resource.name !== 'string' || resource.name === '') return expected(joinPath(path, 'name'), 'a name (what clients list it as)', resource.name);
  if ((resource.text === undefined) === (resource.file === undefined)) return { path, message: 'expected exactly one of text (the contents) or file (a path relative to the spec, read on each request).' };
  return undefined;
}

/** The first problem of a spec's `prompts:` and `resources:` sections (what `toolwright serve` offers besides tools), or undefined. */
export function checkServedCatalogSpec(raw: Record<string, unknown>): SpecProblem | undefined {
  for (const [section, check] of [
    ['prompts', checkPrompt],
    ['resources', checkResource],
  ] as const) {
    const list = raw[section];
    if (list === undefined) continue;
    if (!Array.isArray(list)) return expected(section, `an array of ${section}`, list);
    const seen = new Set<string>();
    for (let i = 0; i < list.length; i++) {
      const problem = check(list[i], joinPath(section, i), seen);
      if (problem) return problem;
    }
  }
  return undefined;
}
