/** A request for a tool by registered name, with the params its factory takes. */
export interface ToolSpec {
  /** The registered name. */
  name: string;
  /** Params validated against the tool's Params class (absent = none). */
  params?: Record<string, unknown>;
}
