// The README's policy example, kept compiling and tested (test/examples/policy.test.ts).
// Run it: npx tsc -p examples && node examples/dist/policy.js
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, ConversationState, loadAgentSpec } from '@toolwright/sdk';
import { policyOptionsFromConfig } from '@toolwright/sdk/policy';
import type { ApprovalHandler, PendingApproval } from '@toolwright/sdk/policy';
import { registerBuiltinTools } from '@toolwright/tools';

// Beside this file, or one level up when compiled to examples/dist/.
const here = dirname(fileURLToPath(import.meta.url));
const specFile = [join(here, 'policy.agent.yaml'), join(here, '..', 'policy.agent.yaml')].find((f) => existsSync(f))!;
const write = (id: string, path: string) => ({ id, name: 'file_editor', arguments: JSON.stringify({ command: 'create', path, file_text: `${id}\n` }) });

/** An agent from the spec file: its tools, and its permission rules (with an approval callback, or deferred without one). */
async function openAgent(workingDir: string, onApproval?: ApprovalHandler): Promise<Agent> {
  registerBuiltinTools();
  const spec = await loadAgentSpec(specFile);
  const agent = new Agent({ tools: spec.tools, policy: { ...policyOptionsFromConfig(spec.permissions ?? {}), onApproval } });
  await agent.initialize(new ConversationState({ id: 'policy-example', workingDir }));
  return agent;
}

export async function policyExample(workingDir: string): Promise<string[]> {
  const lines: string[] = [];
  // 1. With a callback: the human approves drafts/ and rejects the rest.
  const agent = await openAgent(workingDir, (request) => {
    lines.push(`asked: ${request.toolName} ${String(request.arguments.path)} (suggests ${request.suggestedRules.join(', ')})`);
    return String(request.arguments.path).includes('/drafts/') ? { type: 'approve' } : { type: 'reject', reason: 'only drafts for now' };
  });
  for (const call of [write('c1', join(workingDir, 'notes', 'a.md')), write('c2', join(workingDir, 'drafts', 'b.md')), write('c3', join(workingDir, 'src', 'c.ts')), write('c4', join(workingDir, 'secrets', 'd'))]) {
    const { observation } = await agent.executeToolCall(call);
    lines.push(`${call.id}: ${observation.isError ? 'error' : 'ok'}: ${observation.text.split('\n')[0]}`);
  }
  await agent.close();

  // 2. Deferred (no callback): the call comes back pending as plain JSON ...
  const first = await openAgent(workingDir);
  const results = await first.executeToolCalls([write('c5', join(workingDir, 'src', 'later.ts'))]);
  const pendingFile = join(workingDir, 'pending.json');
  writeFileSync(pendingFile, JSON.stringify(results.flatMap((r) => (r.pending ? [r.pending] : []))));
  await first.close();
  // ... and a later agent (here, or in another process) resumes it with the user's answer.
  const later = await openAgent(workingDir);
  const pending = JSON.parse(readFileSync(pendingFile, 'utf8')) as PendingApproval[];
  const [resumed] = await later.resume(pending, { c5: { type: 'approve' } });
  lines.push(`c5 resumed: ${resumed!.observation.text}`);
  await later.close();
  return lines;
}

// Run directly (not when imported by a test): in a fresh directory.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const line of await policyExample(mkdtempSync(join(tmpdir(), 'tw-policy-')))) console.log(line);
}
