import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliError } from '../../src/cli-error.js';
import { importToolModules } from '../../src/toolset/import-modules.js';

const dir = mkdtempSync(join(tmpdir(), 'toolwright-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('importToolModules', () => {
  it('loads modules without tools and returns no tools for them', async () => {
    writeFileSync(join(dir, 'plain.mjs'), 'export const answer = 42;\n');
    await expect(importToolModules(['./plain.mjs'], dir)).resolves.toEqual([]);
  });

  it('names a module that cannot be loaded', async () => {
    const error = await importToolModules(['./missing.mjs'], dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(/^--import \.\/missing\.mjs: cannot load the module \(.*missing\.mjs.*\)\.$/);
    expect((error as CliError).hint).toBe('Expected a path to an ES module (.js/.mjs) or an installed package name.');
  });

  it('refuses a tools export that holds something else than tools', async () => {
    writeFileSync(join(dir, 'bad.mjs'), 'export const tools = [1];\n');
    await expect(importToolModules(['./bad.mjs'], dir)).rejects.toThrow("--import ./bad.mjs: export 'tools' must be an array of ToolDefinition; item 0 is not one.");
  });
});
