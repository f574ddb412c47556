/** What a {@link StreamingMasker} needs of the masker behind it (a `SecretMasker`). */
export interface ChunkMasker {
  /** The text with every secret form replaced. */
  mask(text: string): string;
  /** The length of the longest secret form. */
  readonly longestForm: number;
  /** Whether `text` is the beginning of some secret form. */
  startsSomeForm(text: string): boolean;
}

/**
 * Masks a stream of text chunks: each {@link StreamingMasker.push} returns what is safe to pass
 * on, holding back the end of the text while it could be the beginning of a secret (at most the
 * longest secret form, less one character); {@link StreamingMasker.end} returns the rest. A
 * secret split over any number of chunks comes out as `<secret:NAME>`.
 */
export class StreamingMasker {
  private held = '';

  constructor(private readonly masker: ChunkMasker) {}

  /** Adds `chunk`; returns the masked text that can no longer be part of a secret. */
  push(chunk: string): string {
    const text = this.masker.mask(this.held + chunk);
    const keep = this.heldBack(text);
    this.held = text.slice(text.length - keep);
    return text.slice(0, text.length - keep);
  }

  /** The end of the stream: the masked text still held back. */
  end(): string {
    const rest = this.masker.mask(this.held);
    this.held = '';
    return rest;
  }

  /** The length of the longest end of `text` that begins a secret form. */
  private heldBack(text: string): number {
    const most = Math.min(text.length, this.masker.longestForm - 1);
    for (let length = most; length > 0; length--) {
      if (this.masker.startsSomeForm(text.slice(text.length - length))) return length;
    }
    return 0;
  }
}
