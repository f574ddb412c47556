import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GrantsFile } from '@toolwright/sdk/policy';
import type { PermissionRule } from '@toolwright/sdk/policy';
import { AuditLog } from '../../packages/sdk/src/policy/audit-log.js';

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);
const rule = (tool: string, content: string): PermissionRule => ({ tool, content, behavior: 'allow' });
const event = { toolCallId: 'c1', toolName: 'terminal', decision: 'allow', arguments: { command: 'ls' } } as const;

let dir: string;
let umask: number;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'policy-modes-'));
  umask = process.umask(0o022); // the usual umask: a file created without an explicit mode would be 0644
});

afterAll(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

describe('the audit log', () => {
  it('is created 0600, in a directory it creates 0700', () => {
    const log = new AuditLog({ path: join(dir, 'state', 'audit.jsonl') });
    log.record(event);
    log.close();
    expect(modeOf(join(dir, 'state', 'audit.jsonl'))).toBe('600');
    expect(modeOf(join(dir, 'state'))).toBe('700');
  });

  it('keeps its rotations 0600', () => {
    const path = join(dir, 'rotating.jsonl');
    const log = new AuditLog({ path, maxBytes: 200, keep: 2 });
    for (let i = 0; i < 10; i++) log.record({ ...event, toolCallId: `c${i}` });
    log.close();
    const files = readdirSync(dir).filter((f) => f.startsWith('rotating.jsonl'));
    expect(files.sort()).toEqual(['rotating.jsonl', 'rotating.jsonl.1', 'rotating.jsonl.2']);
    for (const file of files) expect([file, modeOf(join(dir, file))]).toEqual([file, '600']);
  });

  it('makes a log that exists with other permissions 0600 before writing to it', () => {
    const path = join(dir, 'old.jsonl');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    const log = new AuditLog({ path });
    log.record(event);
    log.close();
    expect(modeOf(path)).toBe('600');
  });
});

describe('the grants file', () => {
  it('is written 0600, and so is every rewrite of it', async () => {
    const path = join(dir, 'project', '.toolwright', 'permissions.json');
    const grants = new GrantsFile(path);
    await grants.add([rule('file_editor', 'src/**')]);
    expect(modeOf(path)).toBe('600');
    chmodSync(path, 0o644);
    await grants.add([rule('terminal', 'ls:*')]);
    expect(modeOf(path)).toBe('600');
    expect(readdirSync(join(dir, 'project', '.toolwright'))).toEqual(['permissions.json']); // no lock or temporary file left
  });
});
