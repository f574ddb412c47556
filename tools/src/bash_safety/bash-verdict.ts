/** The permission modes the analysis knows (those of the policy engine). */
export type BashPermissionMode = 'default' | 'acceptEdits' | 'explore' | 'bypass' | 'dontAsk';

/** The step of the analysis that decided. */
export type BashSafetyStep = 'injection' | 'read-only' | 'dangerous-pattern' | 'sed' | 'dangerous-path' | 'dangerous-removal' | 'working-directories' | 'none';

/** What the bash safety analysis says about one command line. */
export interface BashVerdict {
  /** `allow` (read-only, or edits inside the working directories), `ask`, or `passthrough` (the rules decide). */
  behavior: 'allow' | 'ask' | 'passthrough';
  /** Why, in words the user (and the model) can act on. */
  reason: string;
  /** True for safety asks that allow rules cannot silence. */
  bypassImmune: boolean;
  /** The step that decided. */
  step: BashSafetyStep;
}
