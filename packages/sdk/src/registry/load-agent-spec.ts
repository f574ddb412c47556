import { open } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { processSecrets } from '../secrets/process-secrets.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { jsonSchemaOf } from '../schema/json-schema-of.js';
import { joinPath } from '../schema/validation-issue.js';
import type { AgentSpec } from './agent-spec.js';
import { checkAgentSpec } from './check-agent-spec.js';
import type { SpecProblem } from './spec-problem.js';
import { checkToolParams } from './check-tool-params.js';
import { coerceEnvValue } from './coerce-env-value.js';
import { defaultRegistry } from './default-registry.js';
import { interpolateEnv, MissingVariableError, referencedVariables } from './interpolate-env.js';
import type { RegisteredTool, ToolRegistry } from './tool-registry.js';
import type { ToolSpec } from './tool-spec.js';

/** Largest spec file read (bytes): a spec is configuration, not data. */
export const MAX_SPEC_BYTES = 1024 * 1024;
/** Most YAML alias expansions in a spec (an alias bomb expands exponentially). */
export const MAX_SPEC_ALIASES = 100;

/** Options of {@link loadAgentSpec}. */
export interface LoadAgentSpecOptions {
  /** Variables for `${VAR}` interpolation (default: `process.env`). */
  env?: NodeJS.ProcessEnv;
  /**
   * The registry the spec's tools are checked against: params against each tool's Params class
   * (with `${VAR}` values converted to the declared types). Given explicitly, every tool name
   * must be registered in it; by default (`defaultRegistry`) names it does not know are left for
   * the agent's own registry.
   */
  registry?: ToolRegistry;
}

function specError(source: string, path: string, problem: string): ToolwrightError {
  const where = path === '' ? source : `${source}: ${path}`;
  return new ToolwrightError({ code: ErrorCode.INVALID_SPEC, message: `${where}: ${problem}`, details: { source, path } });
}

async function readSpecText(file: string): Promise<string> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw specError(file, '', `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw specError(file, '', 'not a regular file.');
    if (stat.size > MAX_SPEC_BYTES) throw specError(file, '', `the file is ${stat.size} bytes; a spec may be at most ${MAX_SPEC_BYTES} bytes.`);
    const buffer = Buffer.alloc(stat.size);
    const { bytesRead } = await handle.read(buffer, 0, stat.size, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

async function parseFile(file: string): Promise<unknown> {
  const text = await readSpecText(file);
  if (extname(file).toLowerCase() === '.json') {
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
  try {
    return doc.toJS({ maxAliasCount: MAX_SPEC_ALIASES }) as unknown;
  } catch (error) {
    const bomb = /alias count/i.test((error as Error).message);
    throw specError(file, '', bomb ? `too many YAML alias expansions (an alias bomb?); a spec may expand aliases at most ${MAX_SPEC_ALIASES} times.` : `invalid YAML: ${(error as Error).message}`);
  }
}

function propertySchema(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (!schema) return undefined;
  if (typeof key === 'number') return schema.items;
  return schema.properties?.[key] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
}

/**
 * `${VAR}` interpolation over a spec value. Where `schema` (a tool's Params schema) declares a
 * non-string type for a string that referred to variables, the result is converted to it.
 */
function interpolate(value: unknown, path: string, env: NodeJS.ProcessEnv, fail: (p: SpecProblem) => never, schema?: JsonSchema): unknown {
  if (typeof value === 'string') {
    let text: string;
    try {
      text = interpolateEnv(value, env);
    } catch (error) {
      if (error instanceof MissingVariableError) fail({ path, message: error.message });
      throw error;
    }
    const names = referencedVariables(value);
    if (names.length === 0 || !schema) return text;
    const coerced = coerceEnvValue(text, schema);
    if (coerced.ok) return coerced.value;
    const from = names.length === 1 ? `environment variable ${names[0]}` : `environment variables ${names.join(', ')}`;
    return fail({ path, message: `expected ${coerced.expected}, got '${text}' (from ${from}).` });
  }
  if (Array.isArray(value)) return value.map((item, i) => interpolate(item, joinPath(path, i), env, fail, propertySchema(schema, i)));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, joinPath(path, k), env, fail, propertySchema(schema, k))]));
  }
  return value;
}

/** Registers the values of the variables marked `secret: true` (set ones; unset ones are reported where referenced). */
function registerSecretVariables(variables: AgentSpec['variables'], env: NodeJS.ProcessEnv, fail: (p: SpecProblem) => never): void {
  for (const [name, { secret }] of Object.entries(variables ?? {})) {
    const value = env[name];
    if (secret !== true || value === undefined || value === '') continue;
    try {
      processSecrets.add(value, name);
    } catch (error) {
      fail({ path: joinPath('variables', name), message: `environment variable ${name} is marked secret but its value is ${value.length} character(s); a secret must be at least 8 characters to be masked reliably.` });
      throw error;
    }
  }
}

/**
 * Loads an agent spec — `{ tools, mcpServers?, filterToolsRegex? }` — from a JSON or YAML file
 * (a regular file of at most {@link MAX_SPEC_BYTES}, YAML aliases expanded at most
 * {@link MAX_SPEC_ALIASES} times), or checks one given as an object. `${VAR}` and
 * `${VAR:-default}` in strings are replaced from the environment, and converted to a tool param's
 * declared type (number, integer, boolean). Each tool's params are checked against its Params
 * class in the registry, the native tools of `toolsets` too (`toolsets[0].tools[1].params.x`).
 * Every error names the file and the JSON path (`INVALID_SPEC`).
 */
export async function loadAgentSpec(pathOrObject: string | object, options: LoadAgentSpecOptions = {}): Promise<AgentSpec> {
  const env = options.env ?? process.env;
  const source = typeof pathOrObject === 'string' ? resolve(pathOrObject) : '(agent spec)';
  const fail = (problem: SpecProblem): never => {
    throw specError(source, problem.path, problem.message);
  };
  const raw = typeof pathOrObject === 'string' ? await parseFile(source) : pathOrObject;
  const problem = checkAgentSpec(raw);
  if (problem) fail(problem);
  const { tools: rawTools, ...rest } = raw as { tools?: (ToolSpec | string)[] } & Record<string, unknown>;
  const spec = interpolate(rest, '', env, fail) as Omit<AgentSpec, 'tools'>;
  registerSecretVariables(spec.variables, env, fail);
  const registry = options.registry ?? defaultRegistry;
  const entries = new Map<string, RegisteredTool>(registry.list().map((t) => [t.name, t]));
  const mustBeRegistered = options.registry ? [...entries.keys()] : undefined;
  const checkedTool = (item: ToolSpec | string, path: string): ToolSpec => {
    const given = typeof item === 'string' ? { name: item } : item;
    const entry = entries.get(given.name);
    const schema = entry?.params ? jsonSchemaOf(entry.params) : undefined;
    const out: ToolSpec = { name: given.name };
    if (given.params !== undefined && given.params !== null) {
      out.params = interpolate(given.params, joinPath(path, 'params'), env, fail, schema ?? {}) as Record<string, unknown>;
    }
    const paramsProblem = checkToolParams(out, path, entry, mustBeRegistered);
    if (paramsProblem) fail(paramsProblem);
    return out;
  };
  const tools = (rawTools ?? []).map((item, i) => checkedTool(item, joinPath('tools', i)));
  // Toolsets' native tools: typed like top-level tools (from the raw entries, before interpolation).
  const rawToolsets = (raw as { toolsets?: { tools?: (ToolSpec | string)[] }[] }).toolsets;
  if (spec.toolsets && rawToolsets) {
    spec.toolsets = spec.toolsets.map((toolset, i) => {
      const given = rawToolsets[i]?.tools;
      if (!given) return toolset;
      return { ...toolset, tools: given.map((item, j) => checkedTool(item, joinPath(joinPath(joinPath('toolsets', i), 'tools'), j))) };
    });
  }
  const out: AgentSpec = { ...spec, tools };
  if (typeof pathOrObject === 'string') out.source = source;
  return out;
}
