import { readRecordFile } from '@toolwright/sdk';
import type { Agent, RecordEntry } from '@toolwright/sdk';
import { formatReplayReport } from './format-replay-report.js';
import type { ReplayReport } from './replay-difference.js';
import { replaySession } from './replay-session.js';

/** Options of {@link expectReplay}. */
export interface ExpectReplayOptions {
  /**
   * The agent to replay with (initialized), or a function making one from the record (e.g. to give
   * it `onApproval: recordedApprovals(record)`); an agent the function makes is closed afterwards.
   */
  agent: Agent | ((record: readonly RecordEntry[]) => Agent | Promise<Agent>);
  /** Run the tools instead of answering from the record (default false). */
  liveTools?: boolean;
}

/**
 * Replays a recorded session (a file path or its entries) and resolves with the report when
 * nothing differs; rejects with an Error listing every difference otherwise (schema changes
 * first). An agent's behaviour becomes a regression test:
 *
 * ```ts
 * it('still handles the recorded session', () => expectReplay('test/sessions/notes.jsonl', { agent: makeAgent }));
 * ```
 */
export async function expectReplay(file: string | readonly RecordEntry[], options: ExpectReplayOptions): Promise<ReplayReport> {
  const record = typeof file === 'string' ? await readRecordFile(file) : file;
  const made = typeof options.agent === 'function';
  const agent = typeof options.agent === 'function' ? await options.agent(record) : options.agent;
  try {
    const report = await replaySession({ record, agent, liveTools: options.liveTools });
    if (!report.ok) {
      const error = new Error(formatReplayReport(report, typeof file === 'string' ? file : 'the record'));
      error.name = 'ReplayMismatch';
      throw Object.assign(error, { report });
    }
    return report;
  } finally {
    if (made) await agent.close();
  }
}
