// A second process for the file inbox tests: bundled with esbuild by inbox-processes.ts and run
// with node, so the tests exercise the inbox across real processes (own locks, own file reads).
//   answer DIR ID BINDING ANSWER_JSON START_AT_MS  → prints "won" or "refused: <message>"
//   wait DIR ID                                     → prints the answer as JSON
//   post DIR TOOL                                   → prints the entry as JSON, then exits (its process is then gone)
import { FileApprovalInbox } from '../../src/policy/inbox/file-approval-inbox.js';
import { processLabel } from '../../src/policy/inbox/inbox-binding.js';
import type { ApprovalAnswer } from '../../src/policy/approval-answer.js';

const [command, dir, a, b, c, d] = process.argv.slice(2);
const inbox = new FileApprovalInbox(dir!, { pollMs: 20 });
try {
  if (command === 'answer') {
    // Both processes answer at the same moment: each waits for the agreed time first.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(d) - Date.now())));
    try {
      await inbox.answer(a!, b!, JSON.parse(c!) as ApprovalAnswer, `process ${process.pid}`);
      process.stdout.write('won\n');
    } catch (error) {
      process.stdout.write(`refused: ${(error as Error).message}\n`);
    }
  } else if (command === 'wait') {
    process.stdout.write('waiting\n');
    process.stdout.write(`${JSON.stringify(await inbox.waitForAnswer(a!))}\n`);
  } else if (command === 'post') {
    const entry = await inbox.post({ toolCallId: 'c1', toolName: a!, arguments: { path: 'x' }, reason: 'asks', suggestedRules: [], bypassImmune: false }, { kind: 'agent', label: 'child', process: processLabel() });
    process.stdout.write(`${JSON.stringify(entry)}\n`);
  } else throw new Error(`unknown command ${command}`);
} finally {
  await inbox.close();
}
