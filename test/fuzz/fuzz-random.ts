/**
 * A small seeded PRNG (mulberry32) with the picks the fuzzer needs. Every step of a run gets its
 * own generator from (seed, step index), so a step can be replayed alone and a restarted child
 * process continues the very same sequence.
 */
export class FuzzRandom {
  private state: number;

  constructor(seed: number, stream = 0) {
    // Mix seed and stream (splitmix-style) so that nearby streams are unrelated.
    let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream + 0x632be5ab, 0xc2b2ae35)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x45d9f3b) >>> 0;
    this.state = (h ^ (h >>> 16)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of several weighted choices: `[[weight, value], …]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [w, value] of choices) {
      if ((at -= w) < 0) return value;
    }
    return choices[choices.length - 1]![1];
  }
}
