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

  it('completes tool names after help, call and schema', () => {
    expect(complete('help gl')).toEqual([['glob'], 'gl']);
    expect(complete('call gl')).toEqual([['glob'], 'gl']);
    expect(complete('schema th')).toEqual([['think'], 'th']);
    expect(complete('ca')).toEqual([['call'], 'ca']);
  });

  it('offers the required arguments after call and a tool name', () => {
    expect(complete('call grep ')).toEqual([['{"pattern":"…"}'], '']);
  });

  it('offers the required arguments after a tool name', () => {
    expect(complete('grep ')).toEqual([['{"pattern":"…"}'], '']);
    expect(complete('think ')).toEqual([[], 'think ']);
    expect(complete('grep {"pa')).toEqual([[], 'grep {"pa']);
  });
});
