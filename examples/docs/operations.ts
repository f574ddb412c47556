// docs/operations.md: an unattended agent whose asks wait in the approvals inbox, whose session is
// recorded, and whose secrets never reach a sink. Compiled by the typecheck and run by
// test/docs/examples.test.ts.
import { join } from 'node:path';
import { Agent, ConversationState, FileRecorder, registerSecret } from '@toolwright/sdk';
import { FileApprovalInbox, inboxApprovalHandler, processLabel } from '@toolwright/sdk/policy';

export interface NightlyAgent {
  agent: Agent;
  inbox: FileApprovalInbox;
  recorder: FileRecorder;
}

export async function nightlyAgent(workingDir: string, apiToken: string): Promise<NightlyAgent> {
  registerSecret(apiToken, 'API_TOKEN'); // shown as <secret:API_TOKEN> wherever it would appear
  const inbox = new FileApprovalInbox(join(workingDir, '.toolwright', 'inbox'));
  const recorder = new FileRecorder(join(workingDir, 'session.jsonl'));
  const agent = new Agent({
    tools: [{ name: 'file_editor' }],
    recorder,
    policy: {
      // An ask waits here until the console, `toolwright approvals` or another process answers it.
      onApproval: inboxApprovalHandler(inbox, { kind: 'agent', label: 'nightly', process: processLabel() }, { timeoutMs: 60_000 }),
    },
  });
  await agent.initialize(new ConversationState({ workingDir }));
  return { agent, inbox, recorder };
}
