// docs/models.md, "Approvals: interrupt, save, resume": compiled by the typecheck and run by
// test/docs/examples.test.ts against the local fake model server.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Agent } from '@toolwright/sdk';
import { RunState, runTools } from '@toolwright/models';
import type { ModelAdapter, RunResult } from '@toolwright/models';

/** Runs until the policy asks, saves the run to `file`, approves the first pending call from the file, and continues. */
export async function approveLater(model: ModelAdapter, agent: Agent, file: string): Promise<RunResult> {
  const first = await runTools({ model, agent, input: 'Write the note.' });
  if (first.status !== 'interrupted') return first;
  writeFileSync(file, JSON.stringify(first.state)); // first.interruptions: what to ask
  // …later, maybe in another process (same conversation id and working directory):
  const state = RunState.fromJSON(readFileSync(file, 'utf8'));
  state.approve(state.pending[0]!.request.toolCallId); // or state.reject(id, 'reason')
  return runTools({ model, agent, state });
}
