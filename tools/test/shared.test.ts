import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, promises, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { truncateMiddle, writeFileAtomic } from '@toolwright/tools';
import type { AtomicWriteFs } from '@toolwright/tools';

describe('truncateMiddle', () => {
  it('keeps short text, cuts the middle of long text within the limit', () => {
    expect(truncateMiddle('short', { limit: 10, notice: '…' })).toEqual({ text: 'short', truncated: false });
    const cut = truncateMiddle('a'.repeat(50) + 'b'.repeat(50), { limit: 21, notice: '[cut]' });
    expect(cut).toEqual({ text: `${'a'.repeat(8)}[cut]${'b'.repeat(8)}`, truncated: true, savedPath: undefined });
  });

  it('saves the full text once per content and names the file in the notice', () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-trunc-')));
    try {
      const text = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n');
      const cut = truncateMiddle(text, { limit: 2000, notice: 'x', saveDir: join(dir, 'out'), savePrefix: 'terminal' });
      expect(cut.text.length).toBe(2000);
      expect(cut.savedPath).toMatch(/\/out\/terminal_output_[0-9a-f]{12}\.txt$/);
      expect(readFileSync(cut.savedPath!, 'utf8')).toBe(text);
      expect(cut.text).toContain(`The full output is saved in ${cut.savedPath}; the cut starts around line`);
      expect(truncateMiddle(text, { limit: 2000, notice: 'x', saveDir: join(dir, 'out'), savePrefix: 'terminal' }).savedPath).toBe(cut.savedPath);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('writeFileAtomic', () => {
  const failing = (step: keyof AtomicWriteFs): AtomicWriteFs => ({
    writeFile: step === 'writeFile' ? () => Promise.reject(new Error('no space')) : (p, d, o) => promises.writeFile(p, d, o),
    chmod: (p, m) => promises.chmod(p, m),
        chown: (p, u, g) => promises.chown(p, u, g),
    rename: step === 'rename' ? () => Promise.reject(new Error('EXDEV')) : (a, b) => promises.rename(a, b),
    unlink: (p) => promises.unlink(p),
    stat: (p) => promises.stat(p),
  });

  it('replaces the content, keeps the mode, leaves no temporary file', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-atomic-')));
    try {
      const file = join(dir, 'f.sh');
      writeFileSync(file, 'old');
      chmodSync(file, 0o700);
      await writeFileAtomic(file, 'new');
      expect(readFileSync(file, 'utf8')).toBe('new');
      expect(statSync(file).mode & 0o777).toBe(0o700);
      expect(readdirSync(dir)).toEqual(['f.sh']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(['writeFile', 'rename'] as const)('leaves the original untouched when %s fails', async (step) => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tw-atomic-')));
    try {
      const file = join(dir, 'f.txt');
      writeFileSync(file, 'original');
      await expect(writeFileAtomic(file, 'changed', failing(step))).rejects.toThrow();
      expect(readFileSync(file, 'utf8')).toBe('original');
      expect(readdirSync(dir)).toEqual(['f.txt']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
