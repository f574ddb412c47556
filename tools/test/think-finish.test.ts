import { describe, expect, it } from '@jest/globals';
import { fixture } from './support/fixture.js';

describe('think and finish', () => {
  it('think logs the thought', async () => {
    const f = fixture();
    try {
      const think = await f.tool('think');
      const observation = await f.call(think, { thought: 'the bug is in the parser' });
      expect(observation.isError).toBe(false);
      expect(observation.text).toBe('Your thought has been logged.');
      expect(think.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false, destructiveHint: false });
    } finally {
      await f.cleanup();
    }
  });

  it('finish returns the message', async () => {
    const f = fixture();
    try {
      const finish = await f.tool('finish');
      expect((await f.call(finish, { message: 'All done: 3 files fixed.' })).text).toBe('All done: 3 files fixed.');
      expect(finish.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
      expect(() => finish.actionFromArguments({})).toThrow(/message/);
    } finally {
      await f.cleanup();
    }
  });
});
