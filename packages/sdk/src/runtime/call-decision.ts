/**
 * The permission decision of a call, set by the `permission` phase (the policy layer fills it;
 * without one it stays unset and the call runs). Agent middleware reads it after `next()`.
 */
export interface CallDecision {
  /** What was decided. */
  readonly behavior: 'allow' | 'ask' | 'deny' | 'passthrough';
  /** Why, for people and logs. */
  readonly reason?: string;
  /** Anything else the deciding phase records (rule, mode, …). */
  readonly [detail: string]: unknown;
}
