import { describe, expect, it } from '@jest/globals';
import { INBOX_ID_PATTERN, newInboxId } from '@toolwright/sdk/policy';

describe('newInboxId', () => {
  it('gives ids a command line takes as an argument: never a leading "-" (one random id in 64 had one)', () => {
    const ids = Array.from({ length: 2_000 }, () => newInboxId());
    expect(ids.filter((id) => id.startsWith('-'))).toEqual([]);
    expect(ids.every((id) => INBOX_ID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
