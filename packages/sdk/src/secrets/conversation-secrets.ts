import { processSecrets } from './process-secrets.js';

/**
 * A conversation's secrets (`state.secrets`): values added here are masked in every sink of the
 * process (they join {@link processSecrets}) until the conversation closes.
 */
export class ConversationSecrets {
  private readonly added: string[] = [];

  /**
   * Registers `value` (a token a tool obtained, a user's password) as a secret called `name`:
   * from now on it is shown as `<secret:NAME>`. Throws `INVALID_OPTIONS` for a value shorter than
   * 8 characters or a malformed name.
   */
  add(value: string, name?: string): void {
    processSecrets.add(value, name);
    this.added.push(value);
  }

  /** `text` (or any value's strings) with the process's secrets masked. */
  mask<T>(value: T): T {
    return processSecrets.maskValue(value);
  }

  /** Takes back this conversation's registrations (at close). */
  clear(): void {
    for (const value of this.added.splice(0)) processSecrets.delete(value);
  }
}
