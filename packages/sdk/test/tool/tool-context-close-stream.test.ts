import { describe, expect, it } from '@jest/globals';
import { ToolContext } from '../../src/tool/tool-context.js';
import { withAgentClient } from '../../src/runtime/agent-client-handlers.js';

describe('ToolContext.closeStream', () => {
  it('returns false, doing nothing, when the client cannot end the stream', () => {
    expect(new ToolContext().closeStream()).toBe(false);
    expect(new ToolContext({ client: { log: () => undefined } }).closeStream()).toBe(false);
  });

  it("asks the client's handler, and turns a throwing handler into false", () => {
    let closed = 0;
    expect(new ToolContext({ client: { closeStream: () => (closed++, true) } }).closeStream()).toBe(true);
    expect(closed).toBe(1);
    const broken = new ToolContext({
      client: {
        closeStream: () => {
          throw new Error('gone');
        },
      },
    });
    expect(broken.closeStream()).toBe(false);
  });

  it("survives the agent's own handlers being merged into the caller's", () => {
    const merged = withAgentClient({ client: { closeStream: () => true } }, { log: () => undefined });
    expect(new ToolContext(merged).closeStream()).toBe(true);
  });
});
