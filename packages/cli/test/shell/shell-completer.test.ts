import { describe, expect, it } from '@jest/globals';
import { createCompleter } from '../../src/shell/shell-completer.js';

const complete = createCompleter({
  names: () => ['grep', 'glob', 'think', 'terminal'],
  argumentSkeleton: (name) => (name === 'grep' ? '{"pattern":"…"}' : undefined),
});

describe('shell completer', () => {
  it('completes tool names and shell commands in the first word', () => {
    expect(complete('gr')).toEqual([['grep'], 'gr']);
    expect(complete('t')).toEqual([['terminal', 'think'], 't']);
    expect(complete('he')).toEqual([['help'], 'he']);
  });

  it('completes tool names after help', () => {
    expect(complete('help gl')).toEqual([['glob'], 'gl']);
  });

  it('offers the required arguments after a tool name', () => {
    expect(complete('grep ')).toEqual([['{"pattern":"…"}'], '']);
    expect(complete('think ')).toEqual([[], 'think ']);
    expect(complete('grep {"pa')).toEqual([[], 'grep {"pa']);
  });
});
