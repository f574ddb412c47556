import type { Agent } from '@toolwright/sdk';

/** A tool of the agent's view as a framework declares it. */
export interface FrameworkToolSpec {
  /** The name the model calls it by. */
  name: string;
  /** What it does. */
  description: string;
  /** Its arguments' JSON Schema (an object schema). */
  parameters: Record<string, unknown>;
  /** True when `parameters` is in OpenAI strict form. */
  strict: boolean;
}

interface ResponsesTool {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict?: boolean;
}

/**
 * The tools of the agent's current view (call `agent.startTurn()` first when toolsets or `visible`
 * decide what is shown), from the Agent's cached exports: `strict` gives OpenAI strict schemas where
 * a tool's schema allows it (`strict: 'auto'`), else the plain JSON Schema.
 */
export function frameworkToolSpecs(agent: Agent, strict: boolean): FrameworkToolSpec[] {
  return (agent.toolSchemas('responses', strict ? { strict: 'auto' } : {}) as ResponsesTool[]).map((t) => ({
    name: t.name,
    description: t.description ?? t.name,
    // The Agent's exports are cached and frozen; frameworks annotate the schemas they get (LangChain's validator does).
    parameters: structuredClone(t.parameters),
    strict: strict && t.strict === true,
  }));
}
