import { describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Observation, ToolDefinition } from '@toolwright/sdk';
import type { GlobExecutor, GrepExecutor } from '@toolwright/tools';
import { MATCH_TIME_LIMIT_MS, MAX_PATTERN_CHARS } from '@toolwright/tools';
import { fixture } from './support/fixture.js';
import type { Fixture } from './support/fixture.js';

/** CPU time (ms) the whole process (every thread) uses over `ms` of waiting. */
async function cpuWhileIdle(ms: number): Promise<number> {
  const before = process.cpuUsage();
  await new Promise((r) => setTimeout(r, ms));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * The least CPU time the process uses over `ms` of waiting, in up to `windows` windows: a worker
 * still matching burns about `ms` in every window, while the CPU left over from a worker's
 * termination (slower when the machine is loaded) falls away after the first.
 */
async function leastCpuWhileIdle(ms: number, windows: number): Promise<number> {
  let least = Infinity;
  for (let i = 0; i < windows && least >= ms * 0.3; i++) least = Math.min(least, await cpuWhileIdle(ms));
  return least;
}

/** Starts `call`, then times a `think` call made while it runs. */
async function thinkDuring(f: Fixture, call: Promise<Observation>): Promise<{ result: Observation; thinkMs: number; totalMs: number }> {
  const started = Date.now();
  const think = await f.tool('think');
  await new Promise((r) => setTimeout(r, 300)); // the slow call is matching by now
  const t = Date.now();
  const thought = await f.call(think, { thought: 'still responsive?' });
  const thinkMs = Date.now() - t;
  expect(thought.text).toBe('Your thought has been logged.');
  const result = await call;
  return { result, thinkMs, totalMs: Date.now() - started };
}

function callWithTimeout(tool: ToolDefinition, f: Fixture, args: Record<string, unknown>, timeoutMs: number): Promise<Observation> {
  return tool.call(tool.actionFromArguments(args), { state: f.state, timeoutMs });
}

describe('pattern matching that backtracks catastrophically', () => {
  it.each([
    ['ripgrep rejects the look-behind, so the JavaScript search runs it', 'auto', '(?<!x)(\\w+\\s?)*;', `${'a'.repeat(40)}!\n`],
    ['the JavaScript backend', 'js', '(a+)+$', `${'a'.repeat(40)}!\n`],
  ])('grep: %s: the call timeout stops it, the process stays responsive, the worker is gone', async (_, backend, pattern, text) => {
    const f = fixture();
    try {
      writeFileSync(join(f.dir, 'evil.txt'), text);
      const grep = await f.tool('grep', { backend });
      const { result, thinkMs, totalMs } = await thinkDuring(f, callWithTimeout(grep, f, { pattern }, 3_000));
      expect(result.isError).toBe(true);
      expect(result.text).toBe(`Tool 'grep' timed out after 3 s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.`);
      expect(thinkMs).toBeLessThan(500);
      expect(totalMs).toBeLessThan(4_500);
      expect(await leastCpuWhileIdle(1_000, 3)).toBeLessThan(300); // a worker still matching would burn ~1,000 ms in each window
      writeFileSync(join(f.dir, 'plain.txt'), 'needle\n');
      expect(((await f.call(grep, { pattern: 'needle' })) as Observation).text).toBe(`Found 1 file(s) containing pattern 'needle' in '${f.dir}':\n${join(f.dir, 'plain.txt')}`);
    } finally {
      await f.cleanup();
    }
  });

  it('glob: a pattern of 30 `a*` and `b` against a long name is stopped by the call timeout', async () => {
    const f = fixture();
    try {
      writeFileSync(join(f.dir, 'a'.repeat(60)), '');
      const glob = await f.tool('glob');
      const pattern = `${'a*'.repeat(30)}b`;
      const { result, thinkMs, totalMs } = await thinkDuring(f, callWithTimeout(glob, f, { pattern }, 3_000));
      expect(result.text).toBe(`Tool 'glob' timed out after 3 s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.`);
      expect(thinkMs).toBeLessThan(500);
      expect(totalMs).toBeLessThan(4_500);
      expect(await leastCpuWhileIdle(1_000, 3)).toBeLessThan(300);
    } finally {
      await f.cleanup();
    }
  });

  it.each(['auto', 'js'])('grep (%s backend): an include glob that backtracks is stopped by the call timeout too', async (backend) => {
    const f = fixture();
    try {
      writeFileSync(join(f.dir, 'a'.repeat(60)), 'needle\n');
      const grep = await f.tool('grep', { backend });
      const include = `**/${'a*'.repeat(30)}b`;
      const { result, thinkMs } = await thinkDuring(f, callWithTimeout(grep, f, { pattern: 'needle', include }, 3_000));
      expect(result.text).toBe(`Tool 'grep' timed out after 3 s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.`);
      expect(thinkMs).toBeLessThan(500);
      expect(await leastCpuWhileIdle(1_000, 3)).toBeLessThan(300);
    } finally {
      await f.cleanup();
    }
  });

  it('stops matching after its own time limit when the call has none, and says why', async () => {
    const f = fixture();
    try {
      writeFileSync(join(f.dir, 'evil.txt'), `${'a'.repeat(40)}!\n`);
      writeFileSync(join(f.dir, 'a'.repeat(60)), '');
      const grep = await f.tool('grep', { backend: 'js' });
      const glob = await f.tool('glob');
      (grep.executor as GrepExecutor).matchTimeLimitMs = 1_000;
      (glob.executor as GlobExecutor).matchTimeLimitMs = 1_000;
      expect(MATCH_TIME_LIMIT_MS).toBe(60_000);
      const why =
        ' s: matching took too long. A pattern with nested or adjacent repetition (such as `(a+)+`, `(\\w+\\s?)*` or many `*` in a row) can take exponential time on some text. Simplify the pattern, or narrow the path or include.';
      const slowGrep = await f.call(grep, { pattern: '(a+)+$' });
      expect([slowGrep.isError, slowGrep.text]).toEqual([true, `The search with pattern '(a+)+$' was stopped after 1${why}`]);
      const pattern = `${'a*'.repeat(30)}b`;
      const slowGlob = await f.call(glob, { pattern });
      expect([slowGlob.isError, slowGlob.text]).toEqual([true, `The search with pattern '${pattern}' was stopped after 1${why}`]);
    } finally {
      await f.cleanup();
    }
  });

  it('refuses patterns longer than the limit before running anything', async () => {
    const f = fixture();
    try {
      const grep = await f.tool('grep');
      const glob = await f.tool('glob');
      const long = 'x'.repeat(MAX_PATTERN_CHARS + 1);
      const message = (name: string): string => `The \`${name}\` parameter is too long (${MAX_PATTERN_CHARS + 1} characters); the limit is ${MAX_PATTERN_CHARS}. Use a shorter pattern.`;
      expect((await f.call(grep, { pattern: long })).text).toBe(message('pattern'));
      expect((await f.call(grep, { pattern: 'x', include: long })).text).toBe(message('include'));
      expect((await f.call(glob, { pattern: long })).text).toBe(message('pattern'));
    } finally {
      await f.cleanup();
    }
  });
});
