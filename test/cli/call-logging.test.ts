import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { FIXTURES, runCli } from './cli-harness.js';

/** `--import` of the tools that log, sample and elicit (`note` logs at debug, info, warning, error). */
const TALKBACK = ['--import', join(FIXTURES, 'talkback-tools.mjs')];
const LEVELS = ['debug', 'info', 'warning', 'error'];

describe('toolwright call: a tool that logs', () => {
  it('succeeds (exit 0) with no log listener, and prints no logs without --verbose', async () => {
    const run = await runCli(['call', 'note', '{"text":"hi"}', ...TALKBACK]);
    expect(run.stderr).not.toContain('not supported');
    expect(run.stdout.trim()).toBe('logged');
    expect(run.stderr).not.toContain('[note]');
    expect(run.code).toBe(0);
  });

  it('prints each log message to stderr with --verbose, stdout unchanged', async () => {
    const run = await runCli(['call', 'note', '{"text":"hi"}', '--verbose', ...TALKBACK]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('logged');
    expect(run.stderr.trim().split('\n')).toEqual(LEVELS.map((level) => `[note] ${level}: {"text":"hi","level":"${level}"}`));
  });

  it('has the logs as LogEvents in --json events, between the ActionEvent and the ObservationEvent', async () => {
    const run = await runCli(['call', 'note', '{"text":"hi"}', '--json', ...TALKBACK]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { isError: boolean; events: { kind: string; level?: string; data?: unknown }[] };
    expect(out.isError).toBe(false);
    expect(out.events.map((e) => e.kind)).toEqual(['ActionEvent', 'LogEvent', 'LogEvent', 'LogEvent', 'LogEvent', 'ObservationEvent']);
    expect(out.events.filter((e) => e.kind === 'LogEvent').map((e) => [e.level, e.data])).toEqual(LEVELS.map((level) => [level, { text: 'hi', level }]));
  });
});
