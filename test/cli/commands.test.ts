import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_TOOL_NAMES } from '@toolwright/tools';
import { FIXTURES, finished, runCli, SAMPLE, startCli, waitForStderr } from './cli-harness.js';

describe('toolwright list', () => {
  it('lists the built-in tools of the embedded default spec', async () => {
    const run = await runCli(['list']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TOOL +ORIGIN +ANNOTATIONS +DESCRIPTION$/);
    for (const name of ['glob', 'grep', 'think']) expect(lines.some((l) => new RegExp(`^${name} +builtin `).test(l))).toBe(true);
  });

  it('prints JSON for scripts', async () => {
    const run = await runCli(['list', '--json', ...SAMPLE]);
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as { name: string; origin: string; badges: string[]; description: string }[];
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([...BUILTIN_TOOL_NAMES.filter((n) => n !== 'terminal'), 'echo', 'slow', 'sum', 'fail']));
    expect(rows.find((r) => r.name === 'echo')).toEqual({
      name: 'echo',
      origin: 'native',
      title: 'Echo',
      description: 'Echo the text back.\nA second line that list does not show.',
      annotations: { readOnlyHint: true, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      badges: ['read-only', 'idempotent'],
    });
  });

  it('takes a spec naming registered tools', async () => {
    const run = await runCli(['list', '--spec', join(FIXTURES, 'shout-spec.json'), ...SAMPLE]);
    expect(run.code).toBe(0);
    const names = run.stdout.split('\n').slice(1).map((l) => l.split(' ')[0]);
    expect(names.filter(Boolean)).toEqual(['shout', 'echo', 'slow', 'sum', 'fail']);
  });

  it('explains a bad spec: file, JSON path, what was expected; exit 2', async () => {
    const file = join(FIXTURES, 'bad-spec.yaml');
    const run = await runCli(['list', '--spec', file]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`toolwright: invalid agent spec ${file}: tools[1].name: expected a tool name (string), got number.\n`);
  });

  it('explains a spec naming a tool nobody registered', async () => {
    const run = await runCli(['list', '--spec', join(FIXTURES, 'shout-spec.json')]);
    expect(run.code).toBe(2);
    const file = join(FIXTURES, 'shout-spec.json');
    const [message, registered] = run.stderr.split(' Registered: ');
    expect(message).toBe(`toolwright: invalid agent spec ${file}: tools[0].name: tool 'shout' is not registered.`);
    expect(registered!.replace(/\.\n$/, '').split(', ')).toEqual(expect.arrayContaining([...BUILTIN_TOOL_NAMES]));
  });

  it('refuses a YAML alias bomb as an invalid spec, exit 2', async () => {
    const file = join(FIXTURES, 'bomb-spec.yaml');
    const run = await runCli(['list', '--spec', file]);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toBe(`toolwright: invalid agent spec ${file}: too many YAML alias expansions (an alias bomb?); a spec may expand aliases at most 100 times.\n`);
  });

  it('checks tool params at load: the file, the JSON path, and ${VAR} converted to the declared type', async () => {
    const file = join(FIXTURES, 'params-spec.yaml');
    expect((await runCli(['list', '--spec', file])).code).toBe(0);
    expect((await runCli(['list', '--spec', file], { env: { TIMEOUT: '3' } })).code).toBe(0);
    const run = await runCli(['list', '--spec', file], { env: { TIMEOUT: 'soon' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`toolwright: invalid agent spec ${file}: tools[1].params.noChangeTimeoutSeconds: expected a number, got 'soon' (from environment variable TIMEOUT).\n`);
  });
});

describe('toolwright with no command', () => {
  it('prints the tool list and a usage line when stdin is not a terminal, exit 0', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^TOOL +ORIGIN/);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^Usage: toolwright call TOOL 'JSON'/);
  });
});

describe('toolwright schema', () => {
  it('prints OpenAI tools for the named tools, in order', async () => {
    const run = await runCli(['schema', 'echo', 'sum', ...SAMPLE]);
    expect(run.code).toBe(0);
    const tools = JSON.parse(run.stdout) as { type: string; function: { name: string; parameters: unknown } }[];
    expect(tools.map((t) => t.function.name)).toEqual(['echo', 'sum']);
    expect(tools[0]).toEqual({
      type: 'function',
      function: {
        name: 'echo',
        description: 'Echo the text back.\nA second line that list does not show.',
        parameters: {
          type: 'object',
          properties: { text: { type: 'string', description: 'Text to echo back' }, times: { type: 'integer', description: 'How many times', minimum: 1 } },
          required: ['text'],
          additionalProperties: false,
        },
      },
    });
  });

  it('applies --strict and --security-risk', async () => {
    const run = await runCli(['schema', 'echo', 'fail', '--strict', '--security-risk', ...SAMPLE]);
    const [echo, fail] = JSON.parse(run.stdout) as { function: { strict: boolean; parameters: { required: string[]; properties: Record<string, unknown> } } }[];
    expect(echo!.function.strict).toBe(true);
    expect(echo!.function.parameters.required).toEqual(['text', 'times']);
    expect(echo!.function.parameters.properties.security_risk).toBeUndefined(); // read-only
    expect(fail!.function.parameters.properties.security_risk).toMatchObject({ enum: expect.arrayContaining(['LOW', 'MEDIUM', 'HIGH', 'UNKNOWN']) });
  });

  it('prints every format', async () => {
    const anthropic = JSON.parse((await runCli(['schema', 'sum', '--format', 'anthropic', ...SAMPLE])).stdout) as unknown[];
    expect(anthropic[0]).toMatchObject({ name: 'sum', input_schema: { type: 'object' } });
    const gemini = JSON.parse((await runCli(['schema', 'sum', '-f', 'gemini', ...SAMPLE])).stdout) as unknown[];
    expect(gemini[0]).toMatchObject({ name: 'sum', parameters: { type: 'object' } });
    const responses = JSON.parse((await runCli(['schema', 'sum', '--format', 'responses', ...SAMPLE])).stdout) as unknown[];
    expect(responses[0]).toMatchObject({ type: 'function', name: 'sum', strict: false });
    const mcp = JSON.parse((await runCli(['schema', 'sum', '--format', 'mcp', ...SAMPLE])).stdout) as unknown[];
    expect(mcp[0]).toMatchObject({ name: 'sum', inputSchema: { type: 'object' }, outputSchema: { properties: { sum: { type: 'integer' } } }, annotations: { readOnlyHint: true } });
  });

  it('refuses an unknown format or tool with a suggestion, exit 2', async () => {
    const format = await runCli(['schema', '--format', 'antropic']);
    expect(format.code).toBe(2);
    expect(format.stderr).toBe("toolwright schema: unknown format 'antropic'. Did you mean 'anthropic'?\nExpected one of: openai, responses, anthropic, gemini, mcp.\n");
    const tool = await runCli(['schema', 'gerp']);
    expect(tool.code).toBe(2);
    expect(tool.stderr.split('\n')[0]).toBe("toolwright: Unknown tool 'gerp'. Did you mean 'grep'?");
  });
});

describe('toolwright call', () => {
  it('prints the observation and exits 0 on success', async () => {
    const run = await runCli(['call', 'echo', '{"text":"ab","times":2}', ...SAMPLE]);
    expect(run).toMatchObject({ code: 0, stdout: 'abab\n', stderr: '' });
  });

  it('runs a built-in tool in the current directory', async () => {
    const run = await runCli(['call', 'glob', '{"pattern":"*.yaml"}'], { cwd: FIXTURES });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('bad-spec.yaml');
    expect(run.stdout).toContain('filesystem-spec.yaml');
  });

  it('prints JSON with the events on --json', async () => {
    const run = await runCli(['call', 'sum', '{"a":2,"b":3}', '--json', ...SAMPLE]);
    expect(run.code).toBe(0);
    const doc = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(doc).toMatchObject({ tool: 'sum', isError: false, observation: { kind: 'SumObservation', sum: 5, isError: false } });
    expect((doc.events as { kind: string }[]).map((e) => e.kind)).toEqual(['ActionEvent', 'ObservationEvent']);
  });

  it('shows an error observation as the model sees it and exits 1', async () => {
    const failed = await runCli(['call', 'fail', ...SAMPLE]);
    expect(failed).toMatchObject({ code: 1, stdout: "[An error occurred during execution.]\nTool 'fail' failed: disk on fire\n" });
    const invalid = await runCli(['call', 'echo', '{"text":1,"times":0}', ...SAMPLE]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe(
      "[An error occurred during execution.]\nInvalid arguments for tool 'echo':\n- text: expected string, got number\n- times: expected a number >= 1, got a number that does not match\nFix these arguments and call 'echo' again.\n",
    );
  });

  it('refuses an unknown tool with the closest name, exit 2', async () => {
    const run = await runCli(['call', 'ecoh', '{}', ...SAMPLE]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe("toolwright: Unknown tool 'ecoh'. Did you mean 'echo'?");
    expect(run.stderr.split('\n')[1]).toMatch(/^Available: .*echo, slow, sum, fail\. See 'toolwright list'\.$/);
  });

  it('refuses arguments that are not a JSON object, exit 2', async () => {
    const run = await runCli(['call', 'echo', '{text: 1}', ...SAMPLE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^toolwright: The arguments of 'echo' are not valid JSON: /);
  });

  it('ends a call that runs past --timeout with a timeout observation, exit 1', async () => {
    const started = Date.now();
    const run = await runCli(['call', 'slow', '{"ms":10000}', '--timeout', '0.3', ...SAMPLE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      "[An error occurred during execution.]\nTool 'slow' timed out after 0.3 s and was interrupted. Try a smaller task, or a longer timeout if the tool takes one.\n",
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('cancels the call on Ctrl-C (SIGINT) and exits 130', async () => {
    const child = startCli(['call', 'slow', '{"ms":10000}', ...SAMPLE], { env: { SLOW_MARKER: '1' } });
    child.stdin.end();
    const run = finished(child);
    await waitForStderr(child, /slow started/);
    child.kill('SIGINT');
    expect(await run).toMatchObject({ code: 130 });
    const { stderr, stdout } = await run;
    expect(stderr).toContain("Interrupted: cancelling 'slow'");
    expect(stdout).toBe("[An error occurred during execution.]\nTool 'slow' was cancelled.\n");
  });

  it('reads arguments over 128 KiB from stdin with -', async () => {
    const text = 'x'.repeat(300 * 1024);
    const child = startCli(['call', 'echo', '-', ...SAMPLE]);
    child.stdin.end(JSON.stringify({ text }));
    const run = await finished(child);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${text}\n`);
  });

  it('reads arguments from a file with @FILE, relative to the current directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-args-'));
    const text = 'y'.repeat(200 * 1024);
    writeFileSync(join(dir, 'args.json'), JSON.stringify({ text, times: 2 }));
    const run = await runCli(['call', 'echo', '@args.json', ...SAMPLE], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${text}${text}\n`);
    const missing = await runCli(['call', 'echo', '@nope.json', ...SAMPLE], { cwd: dir });
    expect(missing).toMatchObject({ code: 2, stderr: `toolwright call: cannot read the arguments file ${join(dir, 'nope.json')} (ENOENT).\n` });
    const notFile = await runCli(['call', 'echo', `@${dir}`, ...SAMPLE]);
    expect(notFile).toMatchObject({ code: 2, stderr: `toolwright call: ${dir} is not a regular file; pass arguments from a pipe with '-' (stdin).\n` });
  });

  it('says how to pass a negative --timeout instead of calling it a flag', async () => {
    const run = await runCli(['call', 'echo', '{"text":"a"}', '--timeout', '-1', ...SAMPLE]);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("toolwright call: option '--timeout' needs a value; to give one that starts with '-', write --timeout=VALUE.");
    const negative = await runCli(['call', 'echo', '{"text":"a"}', '--timeout=-1', ...SAMPLE]);
    expect(negative.stderr.split('\n')[0]).toBe("toolwright: --timeout: expected a number of seconds > 0, got '-1'.");
  });

  it('reports usage mistakes with the usage line, exit 2', async () => {
    const run = await runCli(['call']);
    expect(run).toMatchObject({ code: 2, stderr: "toolwright call: too few arguments.\nUsage: toolwright call TOOL ['JSON' | - | @FILE] [--spec FILE] [--json] [--timeout S] [--verbose] [--context KEY=VALUE]...\n" });
  });
});

describe('global options', () => {
  it('are accepted before the command', async () => {
    const run = await runCli(['--no-color', '--spec', join(FIXTURES, 'shout-spec.json'), ...SAMPLE, 'list', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { name: string }[]).map((r) => r.name)).toEqual(['shout', 'echo', 'slow', 'sum', 'fail']);
  });

  it('help lists every command, version included', async () => {
    const run = await runCli(['help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/\n {2}version +print the version\n/); // names padded to the longest command's
    const short = await runCli(['schema', '-f']);
    expect(short.stderr.split('\n')[0]).toBe("toolwright schema: option '--format' needs a value.");
  });
});

describe('colours', () => {
  it('colours a terminal-bound output when FORCE_COLOR asks, and --no-color turns it off', async () => {
    const forced = await runCli(['list', ...SAMPLE], { env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    expect(forced.stdout).toContain('\x1b[');
    const plain = await runCli(['list', '--no-color', ...SAMPLE], { env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    expect(plain.stdout).not.toContain('\x1b[');
    expect(plain.stdout).toMatch(/^TOOL +ORIGIN/);
  });
});
