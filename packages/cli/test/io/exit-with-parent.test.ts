import { describe, expect, it } from '@jest/globals';
import { exitWithParent } from '../../src/io/exit-with-parent.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('exitWithParent', () => {
  it('acts once the parent pid changes (the process was re-parented: its parent is gone)', async () => {
    let parent = 4242;
    let gone = 0;
    const stop = exitWithParent({ intervalMs: 5, parentPid: () => parent, onParentGone: () => (gone += 1) });
    await tick(30);
    expect(gone).toBe(0);
    parent = 1;
    await tick(30);
    expect(gone).toBe(1);
    parent = 77;
    await tick(30);
    expect(gone).toBe(1);
    stop();
  });

  it('watches nothing when started under pid 1 (an init system or a container entry point)', async () => {
    let gone = 0;
    let parent = 1;
    exitWithParent({ intervalMs: 5, parentPid: () => parent, onParentGone: () => (gone += 1) });
    parent = 5;
    await tick(30);
    expect(gone).toBe(0);
  });
});
