import { processSecrets } from '@toolwright/sdk';
import type { StreamingMasker } from '@toolwright/sdk';

/** A text callback that masks the process's secrets across the chunks it is given, and the end of those chunks. */
export interface MaskedText {
  /** Passes on what of `text` can no longer be part of a secret, masked. */
  readonly onText: (text: string) => void;
  /** Passes on the text still held back, masked (call when the stream ends, or fails). */
  end(): void;
}

/**
 * Wraps `onText` (model text streamed to the user) so that a registered secret — also one split
 * across two chunks — reaches it as `<secret:NAME>`: a `StreamingMasker` holds back the end of the
 * text while it could begin a secret. While no secret is registered, chunks pass straight through.
 */
export function maskedText(onText: (text: string) => void): MaskedText {
  let stream: StreamingMasker | undefined;
  return {
    onText: (text) => {
      if (stream === undefined) {
        if (processSecrets.size === 0) {
          onText(text);
          return;
        }
        stream = processSecrets.stream();
      }
      const safe = stream.push(text);
      if (safe !== '') onText(safe);
    },
    end: () => {
      if (stream === undefined) return;
      const rest = stream.end();
      stream = undefined;
      if (rest !== '') onText(rest);
    },
  };
}
