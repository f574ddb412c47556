import { FuzzRandom } from './fuzz-random.js';
import { PROTOTYPE_KEYS, anyValue, deepJsonText, deepValue, fuzzString, markerFor, nastyString } from './fuzz-values.js';
import { sampleValue } from './schema-sample.js';
import type { FieldOverride, SampledSchema } from './schema-sample.js';

/** One step of a run: a single call or a batch, and the markers planted in its values. */
export interface FuzzStep {
  /** What kind of input this is (for the per-kind tally). */
  kind: string;
  /** The calls, as hostile as a model could send them (not necessarily well-formed ToolCalls). */
  calls: unknown[];
  /** Run with `executeToolCalls` (else `executeToolCall` with `calls[0]`). */
  batch: boolean;
  /** Markers planted in argument values. */
  markers: string[];
  /** A call record that throws when read (a host's bug, not a model's): an INTERNAL error is a fair answer. */
  hostFault?: boolean;
}

/** What the generator knows about the agent under test. */
export interface FuzzTarget {
  /** Tool name → the JSON Schema the model sees. */
  tools: ReadonlyMap<string, SampledSchema>;
  /** The scratch directory (absolute); every path the fuzzer sends stays inside it. */
  scratch: string;
  /** Files in the scratch directory (relative) and a few lines of their content. */
  files: ReadonlyMap<string, string>;
}

const SLOW_PROBABILITY = 0.0003;
const LONG_RUNNING = 'trigger-long-running-operation';
const quote = (text: string): string => `'${text.replace(/\p{Cc}/gu, '?').replace(/'/g, `'\\''`)}'`;

/** Generates step `index` of the run with `seed` (a pure function of both). */
export function generateStep(seed: number, index: number, target: FuzzTarget): FuzzStep {
  const rng = new FuzzRandom(seed, index);
  const markers: string[] = [];
  const marker = (): string => {
    const m = markerFor(seed, index, markers.length);
    markers.push(m);
    return m;
  };
  const gen = new StepGenerator(rng, target, marker);
  if (rng.chance(SLOW_PROBABILITY)) return { kind: 'slow', calls: [gen.slowCall(index)], batch: false, markers };
  const kind = rng.weighted<string>([
    [30, 'valid'],
    [30, 'mutated'],
    [5, 'unknown-tool'],
    [10, 'broken-json'],
    [5, 'wrong-top-type'],
    [5, 'not-json'],
    [2, 'hostile-record'],
    [8, 'batch'],
    [target.tools.has(LONG_RUNNING) ? 0.5 : 0, 'progress'],
  ]);
  if (kind === 'progress') return { kind, calls: [{ id: `p${index}`, name: LONG_RUNNING, arguments: { duration: rng.pick([0, 0.05, 0.2]), steps: rng.int(1, 4) } }], batch: false, markers };
  if (kind === 'batch') {
    const size = rng.int(2, 8);
    const calls = Array.from({ length: size }, (_, i) => gen.single(rng.pick(['valid', 'mutated', 'broken-json', 'unknown-tool']), `b${index}_${i}`));
    // Repeated ids: models do send them.
    if (rng.chance(0.5)) for (const call of calls) (call as { id: unknown }).id = `dup${index}`;
    return { kind, calls, batch: true, markers };
  }
  const call = gen.single(kind, `c${index}`);
  return { kind, calls: [call], batch: false, markers, ...(typeof call === 'object' && call !== null && THROWING_RECORDS.has(call) ? { hostFault: true } : {}) };
}

/** Call records built to throw when read. */
const THROWING_RECORDS = new WeakSet<object>();

class StepGenerator {
  private readonly names: string[];

  constructor(
    private readonly rng: FuzzRandom,
    private readonly target: FuzzTarget,
    private readonly marker: () => string,
  ) {
    // A long-running operation defaults to 10 s: it gets its own kinds ('progress', 'slow') with durations chosen here.
    this.names = [...target.tools.keys()].filter((name) => name !== LONG_RUNNING);
  }

  single(kind: string, id: string): unknown {
    const rng = this.rng;
    const name = rng.pick(this.names);
    switch (kind) {
      case 'valid':
        return { id, name, arguments: this.asSent(this.validArgs(name)) };
      case 'mutated':
        return { id, name, arguments: this.asSent(this.mutate(name, this.validArgs(name))) };
      case 'unknown-tool':
        return { id, name: this.unknownName(name), arguments: '{}' };
      case 'broken-json':
        return { id, name, arguments: this.brokenJson(name) };
      case 'wrong-top-type':
        return { id, name, arguments: rng.pick<unknown>([42, true, null, [], [1, 2], '"just a string"', '42', 'null', '[]', JSON.stringify(JSON.stringify({ a: 1 })), JSON.stringify(this.marker())]) };
      case 'not-json':
        return { id, name, arguments: this.notJson() };
      case 'hostile-record':
      default:
        return this.hostileRecord(id, name);
    }
  }

  /** A call that legitimately takes longer than the call timeout. */
  slowCall(index: number): unknown {
    if (this.target.tools.has('terminal') && this.rng.chance(0.5)) return { id: `slow${index}`, name: 'terminal', arguments: { command: 'sleep 4' } };
    if (this.target.tools.has(LONG_RUNNING)) return { id: `slow${index}`, name: LONG_RUNNING, arguments: { duration: 5, steps: 5 } };
    return { id: `slow${index}`, name: 'terminal', arguments: { command: 'sleep 4' } };
  }

  /** Arguments as a model sends them: usually a JSON string, sometimes the object itself. */
  private asSent(args: unknown): unknown {
    return this.rng.chance(0.8) ? JSON.stringify(args) : args;
  }

  private validArgs(name: string): Record<string, unknown> {
    const schema = this.target.tools.get(name)!;
    const value = sampleValue(schema, { rng: this.rng, string: () => fuzzString(this.rng, this.marker), override: this.override(name) });
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  }

  /** Fields the fuzzer controls: paths stay in the scratch directory, shell commands stay harmless, durations short. */
  private override(tool: string): FieldOverride {
    const rng = this.rng;
    return (path) => {
      const field = path.join('.');
      if (field === 'path') return () => this.scratchPath();
      if (tool === 'terminal' && field === 'command') return () => this.shellCommand();
      if (tool === 'terminal' && field === 'is_input') return () => rng.chance(0.05);
      if (tool === 'terminal' && field === 'timeout') return () => rng.pick([0.5, 1, 2]);
      if (tool === 'file_editor' && field === 'old_str') return () => this.fileExcerpt();
      if (tool === 'file_editor' && field === 'view_range') return () => rng.pick<unknown>([[1, 2], [1, -1], [2, 1], [0, 0], [1, 1e9], [-5, 3], [1e9, 1e9 + 1]]);
      if (tool === 'file_editor' && field === 'insert_line') return () => rng.pick([0, 1, 2, 3, 1e6, 1e9, -1, 2 ** 31]);
      if (tool === 'glob' && field === 'pattern') return () => rng.pick(['*', '**/*', '*.txt', 'sub/**', '{a,b}*', '[a-z]*', '**/*.{py,md}', nastyString(rng, 6).replace(/\.\./g, '_')]);
      return undefined;
    };
  }

  private scratchPath(): string {
    const rng = this.rng;
    const files = [...this.target.files.keys()];
    return rng.weighted<() => string>([
      [6, () => `${this.target.scratch}/${rng.pick(files)}`],
      [2, () => `${this.target.scratch}/new_${rng.int(0, 50)}.txt`],
      [1, () => this.target.scratch],
      [1, () => `${this.target.scratch}/sub`],
      [1, () => `${this.target.scratch}/missing/dir/x.txt`],
      [1, () => `${this.target.scratch}/${nastyString(rng, rng.int(1, 20)).replace(/\.\./g, '__').replace(/\//g, '_')}`],
      [0.5, () => `relative_${rng.int(0, 9)}.txt`],
      [0.5, () => `${this.target.scratch}/sub/../${rng.pick(files)}`],
      [0.2, () => `${this.target.scratch}/${'d/'.repeat(rng.int(50, 300))}x`],
      [0.2, () => '/dev/null'],
    ])();
  }

  private fileExcerpt(): string {
    const rng = this.rng;
    const content = rng.pick([...this.target.files.values()]);
    if (rng.chance(0.15)) return '';
    if (rng.chance(0.2) || content.length === 0) return fuzzString(rng, this.marker);
    const start = rng.int(0, Math.max(0, content.length - 1));
    return content.slice(start, start + rng.int(1, 20));
  }

  private shellCommand(): string {
    const rng = this.rng;
    const file = `${this.target.scratch}/${rng.pick([...this.target.files.keys()])}`;
    return rng.weighted<() => string>([
      [4, () => `echo ${quote(fuzzString(rng, this.marker).slice(0, 2_000))}`],
      [2, () => `printf '%s\\n' ${quote(nastyString(rng, rng.int(0, 60)))}`],
      [2, () => `cat ${quote(file)}`],
      [1, () => `ls -la ${quote(this.target.scratch)}`],
      [1, () => 'pwd'],
      [1, () => `wc -c ${quote(file)}`],
      [1, () => 'seq 1 200000'],
      [1, () => 'head -c 3000 /dev/urandom'],
      [1, () => 'printf "\\033[2J\\033]52;c;aGk=\\007\\033c"'],
      [1, () => `cd ${quote(this.target.scratch)} && pwd`],
      [0.5, () => 'false'],
      [0.5, () => `echo ${quote(this.marker())} >&2`],
      [0.2, () => 'exit 3'],
      [0.2, () => `for i in 1 2 3; do echo $i; done`],
      // Processes that outlive their command: close() must end them all (the leftover counter checks).
      [0.1, () => 'sleep 600 &'],
      [0.1, () => '(sleep 600 &)'],
      [0.1, () => 'setsid sleep 600 &'],
      [0.1, () => 'nohup sleep 600 > /dev/null 2>&1 &'],
    ])();
  }

  /** One field changed: removed, of another type, huge, deeply nested, nasty, or an extra (prototype) key. */
  private mutate(tool: string, args: Record<string, unknown>): unknown {
    const rng = this.rng;
    const schema = this.target.tools.get(tool)!;
    const keys = [...new Set([...Object.keys(args), ...Object.keys(schema.properties ?? {})])];
    const out: Record<string, unknown> = { ...args };
    const key = keys.length > 0 ? rng.pick(keys) : 'x';
    const how = rng.pick(['remove', 'type', 'huge', 'deep', 'nasty', 'extra', 'proto', 'null', 'number-edge']);
    let value: unknown;
    switch (how) {
      case 'remove':
        delete out[key];
        return out;
      case 'extra':
        out[`extra_${rng.int(0, 99)}`] = this.marker();
        return out;
      case 'proto': {
        // Built as JSON text so that `__proto__` is an own key, as JSON.parse makes it.
        const json = JSON.stringify(out);
        const extra = `${JSON.stringify(rng.pick(PROTOTYPE_KEYS))}:${JSON.stringify(rng.chance(0.5) ? { polluted: this.marker() } : this.marker())}`;
        return json === '{}' ? `{${extra}}` : `${json.slice(0, -1)},${extra}}`;
      }
      case 'type':
        value = anyValue(rng, this.marker);
        break;
      case 'huge':
        value = `${this.marker()}${'A'.repeat(rng.pick([100_000, 1_100_000]))}`;
        break;
      case 'deep':
        value = deepValue(rng, rng.pick([50, 101, 1_000]), this.marker());
        break;
      case 'nasty':
        value = `${nastyString(rng, rng.int(1, 30))}${this.marker()}`;
        break;
      case 'null':
        value = null;
        break;
      default:
        value = rng.pick([-1, 0, 1e9, 1e308, -1e308, 2 ** 53 + 1, 0.5]);
    }
    out[key] = this.confine(tool, key, value);
    return out;
  }

  /** A mutated value that would leave the sandbox (a path outside the scratch directory, a real shell command) is pulled back in. */
  private confine(tool: string, key: string, value: unknown): unknown {
    if (typeof value !== 'string') return value;
    if (key === 'path') return `${this.target.scratch}/${value.slice(0, 200).replace(/\.\./g, '__').replace(/\//g, '_')}`;
    if (tool === 'terminal' && key === 'command') return `echo ${quote(value.slice(0, 200_000))}`;
    return value;
  }

  private unknownName(real: string): unknown {
    const rng = this.rng;
    return rng.pick<unknown>([
      `${real.slice(0, -1)}`,
      `${real}x`,
      real.toUpperCase(),
      '',
      ' ',
      rng.pick(PROTOTYPE_KEYS),
      nastyString(rng, rng.int(1, 30)),
      'x'.repeat(100_000),
      42,
      null,
      { name: real },
      `${real}\u0000`,
    ]);
  }

  private brokenJson(tool: string): string {
    const rng = this.rng;
    const valid = JSON.stringify(this.validArgs(tool));
    const m = this.marker();
    return rng.pick([
      valid.slice(0, rng.int(1, Math.max(1, valid.length - 1))),
      `{"value": ${m}}`,
      `{'value': '${m}'}`,
      `{"value": "${m}",}`,
      `{value: "${m}"}`,
      `${m}`,
      `{"value": "${m}"} trailing`,
      `{"a":1}{"value":"${m}"}`,
      `{"value": NaN, "k": "${m}"}`,
      `{"value": "${m}\u0001"}`,
      `\ufeff{"value": "${m}"}`,
      `{"value": "${m}" /* comment */}`,
      `{"value": "\\u00ZZ${m}"}`,
      `[${valid}`,
      deepJsonText(rng.pick([100, 1_000, 10_000]), JSON.stringify(m)),
      `${deepJsonText(rng.pick([10, 10_000]), JSON.stringify(m)).slice(0, -1)}`,
      `"{\\"value\\": ${m}}"`,
    ]);
  }

  /** Arguments that are objects but not JSON: cycles, throwing getters, BigInt, functions, symbols, proxies, deep nesting. */
  private notJson(): unknown {
    const rng = this.rng;
    const m = this.marker();
    const make = rng.pick<() => unknown>([
      () => {
        const a: Record<string, unknown> = { message: m };
        a.self = a;
        return a;
      },
      () => Object.defineProperty({ message: m }, 'thrower', { enumerable: true, get: () => { throw new Error('getter'); } }),
      () => ({ message: m, big: BigInt(2) ** BigInt(70) }),
      () => ({ message: m, fn: () => m }),
      () => ({ message: m, sym: Symbol(m) }),
      () => ({ message: m, n: Number.NaN, inf: Infinity }),
      () => ({ message: m, u: undefined }),
      () => Object.assign(Object.create(null) as object, { message: m }),
      () => new Proxy({ message: m }, { ownKeys: () => { throw new Error('proxy ownKeys'); } }),
      () => new Proxy({}, { get: () => { throw new Error('proxy get'); } }),
      () => ({ message: m, toJSON: () => { throw new Error('toJSON'); } }),
      () => ({ message: m, nested: deepValue(rng, 10_000, m) }),
      () => new Date(),
      () => new Map([['message', m]]),
      () => Object.freeze({ message: m }),
    ]);
    return make();
  }

  private hostileRecord(id: string, name: string): unknown {
    const rng = this.rng;
    const picked = rng.pick<unknown>([
      null,
      undefined,
      42,
      'call',
      [],
      { id, name },
      { id: { nested: true }, name, arguments: '{}' },
      { id: 12, name, arguments: '{}' },
      { id: null, name, arguments: '{}' },
      { id: 'x'.repeat(100_000), name, arguments: '{}' },
      { name, arguments: '{}' },
      { id, name, arguments: '{}', extra: this.marker() },
      () => Object.defineProperty({ id, arguments: '{}' }, 'name', { enumerable: true, get: () => { throw new Error('name getter'); } }),
      () => new Proxy({}, { get: () => { throw new Error('record proxy'); } }),
    ]);
    if (typeof picked !== 'function') return picked;
    const record = (picked as () => object)();
    THROWING_RECORDS.add(record);
    return record;
  }
}
