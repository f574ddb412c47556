import type { ConversationState } from '@toolwright/sdk';
import type { FileToolParams } from './file-tool-params.js';
import { FileToolRoots } from './file-tool-roots.js';
import { ReadLedger } from './read-ledger.js';

/** Default `maxFileSizeMb` of the read / write / edit tools. */
export const DEFAULT_MAX_FILE_SIZE_MB = 10;

/**
 * What the read, write and edit executors share: the allowed roots, the size limit and the
 * conversation's read ledger (one per conversation, so an edit sees what a read recorded).
 */
export abstract class FileToolExecutor {
  protected readonly roots: FileToolRoots;
  protected readonly maxBytes: number;
  protected readonly ledger: ReadLedger;

  constructor(state: ConversationState, params?: FileToolParams) {
    this.roots = new FileToolRoots(state.workingDir, params?.allowedRoots);
    this.maxBytes = (params?.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB) * 1024 * 1024;
    this.ledger = state.getService(ReadLedger);
  }
}
