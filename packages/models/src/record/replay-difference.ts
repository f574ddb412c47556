/** What changed between a record and its replay. */
export type ReplayDifferenceKind =
  /** A recorded tool's schema hash changed (reported first). */
  | 'schema'
  /** A recorded tool no longer exists. */
  | 'tool-missing'
  /** The replayed run made a call the record does not have. */
  | 'call-extra'
  /** A recorded call was not made in the replay. */
  | 'call-missing'
  /** The permission decision changed. */
  | 'decision'
  /** An approval was asked where none was, or not asked where one was. */
  | 'approval'
  /** The Observation changed (content, error, pending). */
  | 'observation'
  /** The replayed run asked the model more often than the record answers, or ended earlier. */
  | 'model';

/** One difference between a record and its replay. */
export interface ReplayDifference {
  kind: ReplayDifferenceKind;
  /** The tool concerned. */
  tool?: string;
  /** The call concerned. */
  id?: string;
  /** What the record says. */
  recorded?: unknown;
  /** What the replay did. */
  replayed?: unknown;
  /** One line for people. */
  message: string;
}

/** The outcome of a replay. */
export interface ReplayReport {
  /** True when nothing differs. */
  ok: boolean;
  /** Differences, schema changes first, then by call in record order. */
  differences: ReplayDifference[];
  /** Calls the record has. */
  calls: number;
  /** Model responses replayed. */
  modelSteps: number;
  /** Whether tools ran live or answered from the record. */
  liveTools: boolean;
  /** How the replayed run ended (runTools' status; absent for a record without model turns). */
  status?: string;
  /**
   * The recorded model failure the replayed run ended with, as the replay model reproduced it
   * (status `failed`, or `aborted` for a recorded abort): the run failed where and as the record did.
   */
  failure?: string;
}
