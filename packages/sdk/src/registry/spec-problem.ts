/** Where an agent spec is wrong, and how. */
export interface SpecProblem {
  path: string;
  message: string;
}
