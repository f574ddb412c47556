import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CodeInterpreterProvider, ToolGroupRuntime } from '@toolwright/providers';

/** What the sandboxed process reports about itself. */
interface Inside {
  caps: Record<string, string>;
  pid: number;
  sid: number;
  env: Record<string, string>;
}

const REPORT = `
import json, os
caps = {}
for line in open('/proc/self/status'):
    if line.startswith('Cap'):
        name, value = line.split(':', 1)
        caps[name] = value.strip()
print(json.dumps({'caps': caps, 'pid': os.getpid(), 'sid': os.getsid(0), 'env': dict(os.environ)}))
`;

/** The variables the interpreter sets itself (code-interpreter-provider.ts) and bwrap's PWD; nothing else may be there. */
const OWN_VARIABLES = ['PWD', 'PATH', 'LANG', 'PYTHONHASHSEED', 'MPLBACKEND', 'OPENBLAS_NUM_THREADS', 'HOME', 'MPLCONFIGDIR'];

const CANARY_NAME = 'TW_SECURITY_CANARY';
const canary = randomUUID();
let runtime: ToolGroupRuntime;
let inside: Inside;

beforeAll(async () => {
  process.env[CANARY_NAME] = canary;
  runtime = new ToolGroupRuntime({ providers: [new CodeInterpreterProvider({ timeoutMs: 10_000 })] });
  runtime.registerToolGroup({ toolgroupId: 'builtin::code_interpreter', providerId: 'code-interpreter' });
  const result = await runtime.invokeTool('code_interpreter', { code: REPORT });
  const block = result.content[0];
  const text = block?.type === 'text' ? block.text : '';
  const json = /\[stdout\]\n(.*)\n\[\/stdout\]/s.exec(text)?.[1];
  if (result.errorCode !== undefined || json === undefined) throw new Error(`The code interpreter did not run the probe: ${text}`);
  inside = JSON.parse(json) as Inside;
}, 60_000);

afterAll(async () => {
  delete process.env[CANARY_NAME];
  await runtime?.close();
});

describe("the code interpreter's process", () => {
  it.each(['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb'])('has no capabilities: %s is 0', (set) => {
    expect(inside.caps[set]).toBe('0000000000000000');
  });

  it("runs in a session of its own, not the host's", () => {
    // getsid() is 0 for a session led outside the process's pid namespace: the host's session,
    // which is what the code would share (and could push keystrokes into) without --new-session.
    const hostSid = Number(readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /s, '').split(' ')[3]);
    expect(inside.sid).toBeGreaterThan(0);
    expect(inside.sid).toBeLessThanOrEqual(inside.pid); // led by the sandbox's init or by the process itself
    expect(inside.sid).not.toBe(hostSid);
  });

  it("sees none of the host's environment", () => {
    expect(JSON.stringify(inside.env)).not.toContain(canary);
    expect(Object.keys(inside.env).filter((name) => !OWN_VARIABLES.includes(name))).toEqual([]);
    expect(inside.env.HOME).toBe('/tmp');
  });
});
