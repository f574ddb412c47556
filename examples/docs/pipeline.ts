// docs/agent-and-mcp.md, "The call pipeline": compiled by the typecheck and run by
// test/docs/examples.test.ts.
import { join, resolve } from 'node:path';
import { Agent, ConversationState, Observation } from '@toolwright/sdk';
import type { PlainToolMiddleware, ToolDefinition, ToolMiddleware } from '@toolwright/sdk';

/** An agent whose calls are logged, whose file paths are kept inside `sandbox`, and whose terminal is hidden. */
export function pipelineAgent(sandbox: string, log: (...parts: unknown[]) => void): Agent {
  const resolveInSandbox = (path: unknown): string => join(sandbox, resolve('/', String(path)));
  const agent = new Agent({
    tools: [{ name: 'file_editor' }, { name: 'grep' }, { name: 'terminal' }],
    middleware: [async (ctx, next) => { await next(); log(ctx.toolName, ctx.decision, ctx.failed ? ctx.error : ctx.observation); }],
    hooks: {
      pre: (ctx, args) => ({ ...args, path: resolveInSandbox(args.path) }), // a rewrite is validated again
      tools: { file_editor: { post: (ctx, result) => (result instanceof Error ? Observation.fromText('…') : undefined) } },
    },
    visible: (tool) => tool.name !== 'terminal', // what the model sees this turn
  });
  return agent;
}

/** Tool middleware (native or MCP tools alike) around every call of `grep`: the plain form, and the streaming one. */
export function timeGrep(grep: ToolDefinition, log: (...parts: unknown[]) => void): void {
  const timing: PlainToolMiddleware = async (call, next) => {
    const start = performance.now();
    try {
      return await next(); // or next(otherAction)
    } finally {
      log(call.toolName, 'took', performance.now() - start);
    }
  };
  const everyChunk: ToolMiddleware = async function* (call, next) {
    yield* next(); // an async function*: sees each chunk of a streaming executor
  };
  grep.use(timing, everyChunk);
}

export async function openPipelineAgent(sandbox: string, log: (...parts: unknown[]) => void): Promise<Agent> {
  const agent = pipelineAgent(sandbox, log);
  await agent.initialize(new ConversationState({ workingDir: sandbox }));
  return agent;
}
