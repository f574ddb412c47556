import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { FIXTURES, runCli, SAMPLE } from './cli-harness.js';

/** What the hostile server sends, as the CLI must show it: every control character spelled out. */
const SHOWN =
  'Look\\x1b]52;c;ZWNobyBwd25lZA==\\x07 here\\x1bc \\x1b]8;;http://evil.example\\x1b\\link\\x1b]8;;\\x1b\\ \\x1b]0;pwned\\x07title\\rover \\u202eevil';

const spec = ['--spec', join(FIXTURES, 'hostile-spec.yaml')];
const env = { NODE: process.execPath, HOSTILE: join(FIXTURES, 'hostile-mcp-server.mjs') };

/** Any character a terminal would act on, besides newline. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

describe('terminal escapes from tools and servers', () => {
  it('list shows an MCP tool description with its escapes spelled out', async () => {
    const run = await runCli(['list', ...spec], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(CONTROL);
    expect(run.stdout.split('\n')[1]).toBe(`trap  mcp:hostile  destructive open-world  ${SHOWN}`);
  });

  it('call prints a server result with its escapes spelled out', async () => {
    const run = await runCli(['call', 'trap', ...spec], { env });
    expect(run).toMatchObject({ code: 0, stdout: `${SHOWN}\n` });
  });

  it('call prints a native tool result with its escapes spelled out, on a coloured output too', async () => {
    const text = '\x1b]0;title\x07\x1bc';
    const run = await runCli(['call', 'echo', JSON.stringify({ text }), ...SAMPLE], { env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    expect(run).toMatchObject({ code: 0, stdout: '\\x1b]0;title\\x07\\x1bc\n' });
  });
});
