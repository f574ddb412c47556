/** The permission modes the analysis knows (those of the policy engine). */
export type BashPermissionMode = 'default' | 'acceptEdits' | 'explore' | 'bypass' | 'dontAsk';

/** The step of the analysis that decided. */
export type BashSafetyStep =
  | 'injection'
  | 'read-only'
  | 'dangerous-pattern'
  | 'sed'
  | 'dangerous-path'
  | 'confine-writes'
  | 'dangerous-removal'
  | 'working-directories'
  | 'none';

/** What the bash safety analysis says about one command line. */
export interface BashVerdict {
  /**
   * `allow` (read-only, or edits inside the working directories), `ask`, `deny` (a write outside
   * the working directories under `confineWrites`), or `passthrough` (the rules decide).
   */
  behavior: 'allow' | 'ask' | 'deny' | 'passthrough';
  /** Why, in words the user (and the model) can act on. */
  reason: string;
  /**
   * True for a safety ask: allow rules cannot silence it; `bypass` mode skips it unless
   * {@link protectedPath} is set (the name is kept for compatibility).
   */
  bypassImmune: boolean;
  /** The protected entry a write target matched (`.git`, `.bashrc`): this ask holds in every mode, `bypass` included. */
  protectedPath?: string;
  /** The step that decided. */
  step: BashSafetyStep;
}
