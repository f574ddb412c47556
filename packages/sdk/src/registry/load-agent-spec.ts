import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { joinPath } from '../schema/validation-issue.js';
import type { AgentSpec } from './agent-spec.js';
import type { ToolSpec } from './tool-spec.js';
import { interpolateEnv, MissingVariableError } from './interpolate-env.js';
import { checkAgentSpec } from './check-agent-spec.js';

/** Options of {@link loadAgentSpec}. */
export interface LoadAgentSpecOptions {
  /** Variables for `${VAR}` interpolation (default: `process.env`). */
  env?: NodeJS.ProcessEnv;
}

function specError(source: string, path: string, problem: string): ToolwrightError {
  const where = path === '' ? source : `${source}: ${path}`;
  return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${where}: ${problem}`, details: { source, path } });
}

async function parseFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw specError(file, '', `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  const ext = extname(file).toLowerCase();
  if (ext === '.json') {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw specError(file, '', `invalid JSON: ${(error as Error).message}`);
    }
  }
  const { parseDocument } = await import('yaml');
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    const line = first.linePos?.[0];
    throw specError(file, '', `invalid YAML${line ? ` at line ${line.line}, column ${line.col}` : ''}: ${first.message.split('\n')[0]}`);
  }
  return doc.toJS() as unknown;
}

function interpolate(value: unknown, source: string, path: string, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    try {
      return interpolateEnv(value, env);
    } catch (error) {
      if (error instanceof MissingVariableError) throw specError(source, path, error.message);
      throw error;
    }
  }
  if (Array.isArray(value)) return value.map((item, i) => interpolate(item, source, joinPath(path, i), env));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, source, joinPath(path, k), env)]));
  }
  return value;
}

/**
 * Loads an agent spec — `{ tools, mcpServers?, filterToolsRegex? }` — from a JSON or YAML file,
 * or checks one given as an object. `${VAR}` and `${VAR:-default}` in strings are replaced from
 * the environment. Every error names the file and the JSON path (`INVALID_SPEC`).
 */
export async function loadAgentSpec(pathOrObject: string | object, options: LoadAgentSpecOptions = {}): Promise<AgentSpec> {
  const env = options.env ?? process.env;
  const source = typeof pathOrObject === 'string' ? resolve(pathOrObject) : '(agent spec)';
  const raw = typeof pathOrObject === 'string' ? await parseFile(source) : pathOrObject;
  const problem = checkAgentSpec(raw);
  if (problem) throw specError(source, problem.path, problem.message);
  const spec = interpolate(raw, source, '', env) as Omit<AgentSpec, 'tools'> & { tools?: (ToolSpec | string)[] };
  const tools = (spec.tools ?? []).map((t) => (typeof t === 'string' ? { name: t } : t));
  const out: AgentSpec = { ...spec, tools };
  if (typeof pathOrObject === 'string') out.source = source;
  return out;
}
