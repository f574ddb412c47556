import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodeInterpreterProvider, ToolGroupRuntime } from '@toolwright/providers';
import type { ToolInvocationResult } from '@toolwright/providers';

/** The text block of a result. */
function textOf(result: ToolInvocationResult): string {
  const block = result.content[0];
  return block?.type === 'text' ? block.text : '';
}

function runtimeWith(provider: CodeInterpreterProvider): ToolGroupRuntime {
  const runtime = new ToolGroupRuntime({ providers: [provider] });
  runtime.registerToolGroup({ toolgroupId: 'builtin::code_interpreter', providerId: 'code-interpreter' });
  return runtime;
}

/** Processes on this machine whose command line contains `marker`. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

describe('code interpreter in the bubblewrap sandbox (fact 58)', () => {
  const runtime = runtimeWith(new CodeInterpreterProvider({ timeoutMs: 2_000 }));
  const run = (code: string) => runtime.invokeTool('code_interpreter', { code });
  let listener: Server;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
    await runtime.close();
  });

  it('reports stdout and stderr in their sections', async () => {
    const result = await run('import sys\nprint("hello")\nprint("careful", file=sys.stderr, end="")');
    expect(result.errorCode).toBeUndefined();
    expect(textOf(result)).toBe('completed\n[stdout]\nhello\n[/stdout]\n[stderr]\ncareful\n[/stderr]');
    expect(result.metadata).toMatchObject({ status: 'completed', exitCode: 0, sandbox: 'bwrap' });
  });

  it('has no network: the host listening on 127.0.0.1 is not reachable and nothing outside is', async () => {
    const code = [
      'import socket',
      `for host, port in [("127.0.0.1", ${port}), ("1.1.1.1", 53)]:`,
      '    try:',
      '        socket.create_connection((host, port), timeout=1)',
      '        print(host, "connected")',
      '    except OSError as e:',
      '        print(host, type(e).__name__)',
      'try:',
      '    socket.getaddrinfo("example.org", 80)',
      '    print("dns resolved")',
      'except OSError as e:',
      '    print("dns", type(e).__name__)',
    ].join('\n');
    const result = await run(code);
    expect(textOf(result)).toBe('completed\n[stdout]\n127.0.0.1 ConnectionRefusedError\n1.1.1.1 OSError\ndns gaierror\n[/stdout]\n[stderr]\n[/stderr]');
    expect(connections).toBe(0);
  });

  it('cannot write outside its private /tmp, which the host does not see', async () => {
    const marker = `tw-sandbox-${randomUUID()}`;
    const code = [
      'import os',
      'for path in ["/usr/lib/evil", "/etc/evil", "/evil", "/proc/evil"]:',
      '    try:',
      '        open(path, "w").write("x")',
      '        print(path, "written")',
      '    except OSError as e:',
      '        print(path, type(e).__name__)',
      `open("/tmp/${marker}", "w").write("inside")`,
      `print("tmp", open("/tmp/${marker}").read())`,
    ].join('\n');
    const result = await run(code);
    expect(textOf(result)).toBe(
      'completed\n[stdout]\n/usr/lib/evil OSError\n/etc/evil OSError\n/evil OSError\n/proc/evil FileNotFoundError\ntmp inside\n[/stdout]\n[stderr]\n[/stderr]',
    );
    expect(readdirSync(tmpdir()).filter((f) => f.includes(marker))).toEqual([]);
  });

  it("cannot see the host's home, its files or the host /tmp", async () => {
    const secret = join(tmpdir(), `tw-host-secret-${randomUUID()}`);
    writeFileSync(secret, 'secret');
    try {
      const code = [
        'import os',
        `print(sorted(os.listdir("/")))`,
        `print([os.path.exists(p) for p in [${JSON.stringify(homedir())}, "/home", "/work", "/etc/passwd", ${JSON.stringify(secret)}]])`,
        'print(os.getuid(), os.environ.get("HOME"))',
      ].join('\n');
      const result = await run(code);
      expect(textOf(result)).toBe(
        "completed\n[stdout]\n['.mpl-cache', 'bin', 'dev', 'etc', 'lib', 'lib64', 'proc', 'sbin', 'tmp', 'usr']\n[False, False, False, False, False]\n65534 /tmp\n[/stdout]\n[stderr]\n[/stderr]",
      );
    } finally {
      rmSync(secret, { force: true });
    }
  });

  it('kills the run at the time limit, children included, and reports a timeout', async () => {
    const marker = `tw-sleeper-${randomUUID()}`;
    const code = ['import subprocess, time', `subprocess.Popen(["python3", "-c", "import time; time.sleep(600)", "${marker}"])`, 'print("started", flush=True)', 'time.sleep(600)'].join('\n');
    const started = Date.now();
    const result = await run(code);
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(result.errorCode).toBe(4);
    expect(result.errorMessage).toBe('timeout: the code ran longer than 2 s and was killed');
    expect(textOf(result)).toBe('timeout: the code ran longer than 2 s and was killed\n[stdout]\nstarted\n[/stdout]\n[stderr]\n[/stderr]');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processesWith(marker)).toEqual([]);
  });

  it('kills the run when the call is cancelled', async () => {
    const marker = `tw-cancel-${randomUUID()}`;
    const controller = new AbortController();
    const patient = runtimeWith(new CodeInterpreterProvider());
    const pending = patient.invokeTool('code_interpreter', { code: `import subprocess, time\nsubprocess.Popen(["python3", "-c", "import time; time.sleep(600)", "${marker}"])\ntime.sleep(600)` }, { signal: controller.signal });
    // Abort once the child is running (its command line carries the marker).
    const started = Date.now();
    while (processesWith(marker).length === 0 && Date.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(processesWith(marker)).toHaveLength(1);
    controller.abort();
    const result = await pending;
    expect(result.errorCode).toBe(7);
    expect(result.errorMessage).toBe('aborted: the run was cancelled and killed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(processesWith(marker)).toEqual([]);
  });

  it('applies a hard memory limit', async () => {
    const result = await run('import resource\ntry:\n    b = bytearray(3 * 1024 ** 3)\n    print("allocated")\nexcept MemoryError:\n    print("MemoryError")\nresource.setrlimit(resource.RLIMIT_AS, (-1, -1))');
    expect(textOf(result)).toMatch(/^failed: exit code 1\n\[stdout\]\nMemoryError\n\[\/stdout\]\n\[stderr\]\nTraceback \(most recent call last\):\n {2}File "<code>", line 7, in <module>\nValueError: /);
  });

  it('returns open matplotlib figures as PNG images', async () => {
    // The default 20 s limit: importing matplotlib takes seconds on a loaded machine.
    const plotting = runtimeWith(new CodeInterpreterProvider());
    const result = await plotting.invokeTool('code_interpreter', { code: 'import matplotlib.pyplot as plt\nplt.figure(figsize=(4, 3), dpi=50)\nplt.plot([1, 2, 3], [1, 4, 9])\nprint("plotted")' });
    expect(textOf(result)).toBe('completed\n[stdout]\nplotted\n[/stdout]\n[stderr]\n[/stderr]');
    expect(result.content).toHaveLength(2);
    const image = result.content[1]!;
    expect(image.type).toBe('image');
    if (image.type !== 'image') return;
    expect(image.mimeType).toBe('image/png');
    const png = Buffer.from(image.data, 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([200, 150]);
  }, 60_000);

  it('strips the machine paths from tracebacks', async () => {
    const result = await run('import json\njson.loads("{")');
    expect(result.errorCode).toBe(1);
    const text = textOf(result);
    expect(text).not.toContain('/usr/lib');
    expect(text).toContain('File "<code>", line 2, in <module>');
    expect(text).toContain('File "json/__init__.py"');
    expect(text).toContain('json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)');
  });

  it('starts every run fresh with seeds at 0', async () => {
    const a = await run('import random\nprint(random.random())');
    const b = await run('import random\nprint(random.random())');
    expect(textOf(a)).toBe('completed\n[stdout]\n0.8444218515250481\n[/stdout]\n[stderr]\n[/stderr]');
    expect(textOf(b)).toBe(textOf(a));
  });
});

describe('code interpreter configuration', () => {
  it('defaults to a 20 s limit', () => {
    expect(new CodeInterpreterProvider().timeoutMs).toBe(20_000);
  });

  it('refuses to run when bubblewrap is missing, and does not fall back', async () => {
    const runtime = runtimeWith(new CodeInterpreterProvider({ bwrap: '/nonexistent/bwrap' }));
    const result = await runtime.invokeTool('code_interpreter', { code: 'print(1)' });
    expect(result.errorCode).toBe(1);
    expect(result.errorMessage).toBe(
      "The code interpreter's sandbox is not installed: '/nonexistent/bwrap' was not found. Install bubblewrap (Debian: apt-get install bubblewrap), or configure sandbox: 'none' to run code unsandboxed (unsafe).",
    );
  });

  it('says so when Python is missing, rather than blaming the sandbox', async () => {
    const runtime = runtimeWith(new CodeInterpreterProvider({ python: '/usr/bin/no-such-python' }));
    const result = await runtime.invokeTool('code_interpreter', { code: 'print(1)' });
    expect(result.errorMessage).toBe(
      "The code interpreter's Python (/usr/bin/no-such-python) is not installed: bwrap: execvp /usr/bin/no-such-python: No such file or directory. Install Debian's python3 and python3-matplotlib, or set the python option to an interpreter under /usr.",
    );
  });

  it("runs unsandboxed only with sandbox: 'none', and warns", async () => {
    const warnings: string[] = [];
    const runtime = runtimeWith(new CodeInterpreterProvider({ sandbox: 'none', onWarning: (w) => warnings.push(w) }));
    expect(warnings).toEqual(["Code interpreter runs WITHOUT a sandbox (sandbox: 'none'): the code runs as your user, can read and write your files and reach the network."]);
    const result = await runtime.invokeTool('code_interpreter', { code: 'import os\nprint(os.getcwd() == os.environ["HOME"])\nopen("x", "w")\n1/0' });
    expect(result.metadata).toMatchObject({ sandbox: 'none', status: 'failed' });
    const text = textOf(result);
    expect(text.startsWith('failed: exit code 1\n[stdout]\nTrue\n[/stdout]\n[stderr]\nTraceback (most recent call last):\n  File "<code>", line 4, in <module>\nZeroDivisionError: division by zero\n')).toBe(true);
    expect(text).not.toContain(tmpdir());
  });

  it("ignores Llama Stack's DISABLE_CODE_SANDBOX: only the explicit option turns the sandbox off", async () => {
    process.env.DISABLE_CODE_SANDBOX = '1';
    try {
      const result = await runtimeWith(new CodeInterpreterProvider()).invokeTool('code_interpreter', { code: 'import os\nprint(os.getuid(), os.path.exists("/work"))' });
      expect(result.metadata).toMatchObject({ sandbox: 'bwrap' });
      expect(textOf(result)).toBe('completed\n[stdout]\n65534 False\n[/stdout]\n[stderr]\n[/stderr]');
    } finally {
      delete process.env.DISABLE_CODE_SANDBOX;
    }
  });

  it('keeps only the first maxOutputBytes of each stream and says how much was dropped', async () => {
    const runtime = runtimeWith(new CodeInterpreterProvider({ maxOutputBytes: 10 }));
    const result = await runtime.invokeTool('code_interpreter', { code: 'import sys\nprint("x" * 100)\nprint("e" * 20, file=sys.stderr)' });
    expect(textOf(result)).toBe('completed\n[stdout]\nxxxxxxxxxx\n[… 91 more bytes not shown]\n[/stdout]\n[stderr]\neeeeeeeeee\n[… 11 more bytes not shown]\n[/stderr]');
  });

  it('refuses an unknown sandbox mode', () => {
    expect(() => new CodeInterpreterProvider({ sandbox: 'docker' as 'none' })).toThrow("Code interpreter sandbox \"docker\" is not known; expected 'bwrap' or 'none'.");
  });
});
