import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BIN, cliEnv, runCli } from '../cli/cli-harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function workDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-cli-policy-')));
  dirs.push(dir);
  return dir;
}

const createArgs = (path: string): string => JSON.stringify({ command: 'create', path, file_text: 'x\n' });

describe('toolwright call with a permission policy', () => {
  it('without a terminal an ask is a refusal (exit 1) that names the rule to add', async () => {
    const dir = workDir();
    const path = join(dir, 'src', 'a.txt');
    const run = await runCli(['call', 'file_editor', createArgs(path), '--mode', 'default'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stdout.trim()).toBe(
      "[An error occurred during execution.]\nThe user did not approve this call of 'file_editor': No rule allows this call of 'file_editor'. Nobody can approve it without a terminal. To allow such calls, add the rule file_editor(src/**) (flag --allow 'file_editor(src/**)', or permissions.allow in the agent spec).",
    );
    expect(existsSync(path)).toBe(false);
  });

  it('--allow lets the call run; --deny refuses it; a bad rule is a usage error', async () => {
    const dir = workDir();
    const path = join(dir, 'src', 'a.txt');
    expect((await runCli(['call', 'file_editor', createArgs(path), '--allow', 'file_editor(src/**)'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe('x\n');
    const denied = await runCli(['call', 'file_editor', createArgs(join(dir, 'src', 'b.txt')), '--allow', 'file_editor', '--deny', 'file_editor(src/**)'], { cwd: dir });
    expect(denied.code).toBe(1);
    expect(denied.stdout).toContain("Permission denied for tool 'file_editor': Rule file_editor(src/**) (cli) denies this call of 'file_editor'.");
    const bad = await runCli(['call', 'glob', '{"pattern":"*"}', '--allow', 'glob('], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--allow: Invalid allow rule: expected a rule like Tool or Tool(content)');
  });

  it('reads permissions from the spec file and writes the audit log under .toolwright', async () => {
    const dir = workDir();
    writeFileSync(join(dir, 'agent.json'), JSON.stringify({ tools: ['file_editor'], permissions: { mode: 'acceptEdits', deny: ['file_editor(secret/**)'] } }));
    expect((await runCli(['call', '--spec', 'agent.json', 'file_editor', createArgs(join(dir, 'a.txt'))], { cwd: dir })).code).toBe(0);
    const denied = await runCli(['call', '--spec', 'agent.json', 'file_editor', createArgs(join(dir, 'secret', 'k.txt'))], { cwd: dir });
    expect(denied.stdout).toContain("Rule file_editor(secret/**) (spec) denies this call of 'file_editor'.");
    const audit = readFileSync(join(dir, '.toolwright', 'audit.jsonl'), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(audit.map((a) => [a.decision, a.mode, a.ruleSource])).toEqual([
      ['allow', 'acceptEdits', undefined],
      ['deny', 'acceptEdits', 'spec'],
    ]);
  });
});

describe('toolwright serve with a permission policy', () => {
  async function connect(dir: string, elicitation: 'approve' | 'always' | 'reject' | undefined): Promise<Client> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--stdio', '--mode', 'default'], cwd: dir, env: cliEnv() as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 'policy-e2e', version: '1.0.0' }, { capabilities: elicitation ? { elicitation: {} } : {} });
    if (elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        expect(request.params.message).toContain("Allow tool 'file_editor'");
        return { action: 'accept', content: { decision: elicitation } };
      });
    }
    await client.connect(transport);
    return client;
  }

  it('asks a client that declares elicitation, and runs the call it approves', async () => {
    const dir = workDir();
    mkdirSync(join(dir, 'src'));
    const client = await connect(dir, 'approve');
    try {
      const result = (await client.callTool({ name: 'file_editor', arguments: { command: 'create', path: join(dir, 'src', 'a.txt'), file_text: 'x\n' } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(readFileSync(join(dir, 'src', 'a.txt'), 'utf8')).toBe('x\n');
    } finally {
      await client.close();
    }
  });

  it('without elicitation an ask is an error result naming the rule to add', async () => {
    const dir = workDir();
    const client = await connect(dir, undefined);
    try {
      const result = (await client.callTool({ name: 'file_editor', arguments: { command: 'create', path: join(dir, 'src', 'a.txt'), file_text: 'x\n' } })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(result.content).toEqual([
        {
          type: 'text',
          text: "The user did not approve this call of 'file_editor': No rule allows this call of 'file_editor'. Nobody can approve it because this MCP client does not support elicitation. To allow such calls, add the rule file_editor(src/**) (flag --allow 'file_editor(src/**)', or permissions.allow in the agent spec).",
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
