import { CONVERSATION_STATE, Inject, Service } from '@toolwright/sdk';
import type { ConversationState } from '@toolwright/sdk';
import { TerminalExecutor } from './impl.js';
import type { TerminalParams } from './declarations.js';

/**
 * The conversation's shell sessions (one service per conversation): `terminal` and `bash` specs
 * with equal params share one session; different params get their own. Closing the conversation
 * closes this service, which ends every session.
 */
@Service()
export class TerminalSessions {
  private readonly sessions = new Map<string, TerminalExecutor>();

  constructor(@Inject(CONVERSATION_STATE) private readonly state: ConversationState) {}

  /** The session for these params (`workingDir` already resolved), started on first use. */
  for(params: Partial<TerminalParams>): TerminalExecutor {
    const key = JSON.stringify(params);
    let executor = this.sessions.get(key);
    if (!executor) {
      executor = new TerminalExecutor(this.state, params);
      this.sessions.set(key, executor);
    }
    return executor;
  }

  /** Ends every session, newest first. */
  async close(): Promise<void> {
    const executors = [...this.sessions.values()].reverse();
    this.sessions.clear();
    for (const executor of executors) await executor.close();
  }
}
