import { ErrorCode } from '../errors/error-code.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { maskDeep } from './mask-deep.js';
import { secretForms } from './secret-forms.js';
import { StreamingMasker } from './streaming-masker.js';

/** Shortest secret value accepted: shorter ones would match ordinary text (and leak by elimination anyway). */
export const MIN_SECRET_LENGTH = 8;

/** What a secret's name may be: it is written into `<secret:NAME>` in JSON lines and logs. */
const NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

/** One registered value: its name and how many registrations hold it. */
interface Entry {
  name: string;
  count: number;
}

/**
 * Values known to be secret, and the one function every sink passes its text through:
 * {@link SecretMasker.mask} replaces each of them by `<secret:NAME>` wherever it occurs — inside a
 * longer string, JSON-escaped, URL-encoded, base64 or base64url (also inside a longer encoded
 * value) — and {@link SecretMasker.stream} does the same for text that arrives in chunks. With
 * nothing registered `mask` returns its argument at once.
 */
export class SecretMasker {
  private readonly values = new Map<string, Entry>();
  /** Each form of each value, to the value's name (longest forms win when they overlap). */
  private forms = new Map<string, string>();
  private pattern: RegExp | undefined;
  private longest = 0;

  /**
   * Registers `value` as a secret called `name` (letters, digits, `_.:-`; shown as
   * `<secret:NAME>`). A value registered again keeps its first name and counts one more
   * registration ({@link SecretMasker.delete} takes one back). Throws `INVALID_OPTIONS` for a
   * value shorter than {@link MIN_SECRET_LENGTH} characters or a malformed name.
   */
  add(value: string, name = 'SECRET'): void {
    if (typeof name !== 'string' || !NAME.test(name)) {
      throw new ToolwrightError({ code: ErrorCode.INVALID_OPTIONS, message: `A secret's name must be 1-64 letters, digits or _.:- (it is shown as <secret:NAME>), got ${JSON.stringify(name)}.` });
    }
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) {
      const got = typeof value === 'string' ? `${value.length} character(s)` : typeof value;
      throw new ToolwrightError({
        code: ErrorCode.INVALID_OPTIONS,
        message: `Secret '${name}' is ${got}; a secret must be a string of at least ${MIN_SECRET_LENGTH} characters to be masked reliably (a shorter one would match ordinary text).`,
        details: { name },
      });
    }
    const entry = this.values.get(value);
    if (entry) {
      entry.count++;
      return;
    }
    this.values.set(value, { name, count: 1 });
    this.rebuild();
  }

  /** Takes back one registration of `value`; the value stops being masked when none is left. */
  delete(value: string): void {
    const entry = this.values.get(value);
    if (!entry) return;
    if (--entry.count > 0) return;
    this.values.delete(value);
    this.rebuild();
  }

  /** True when `value` is registered. */
  has(value: string): boolean {
    return this.values.has(value);
  }

  /** How many distinct values are registered. */
  get size(): number {
    return this.values.size;
  }

  /** The longest form of any registered value (what a {@link StreamingMasker} may hold back, plus one). */
  get longestForm(): number {
    return this.longest;
  }

  /** `text` with every form of every registered value replaced by `<secret:NAME>`. */
  mask(text: string): string {
    const pattern = this.pattern;
    if (pattern === undefined || typeof text !== 'string') return text;
    pattern.lastIndex = 0;
    if (!pattern.test(text)) return text;
    return text.replace(pattern, (form) => `<secret:${this.forms.get(form) ?? 'SECRET'}>`);
  }

  /**
   * `value` with every string in it masked (arrays, objects, class instances, errors; see
   * {@link maskDeep}). The same object when nothing in it needed masking.
   */
  maskValue<T>(value: T): T {
    if (this.pattern === undefined) return value;
    return maskDeep(value, this.masks, this.finds);
  }

  private readonly masks = (text: string): string => this.mask(text);

  /** True when `text` holds a form of a registered value. */
  private readonly finds = (text: string): boolean => {
    const pattern = this.pattern;
    if (pattern === undefined) return false;
    pattern.lastIndex = 0;
    return pattern.test(text);
  };

  /** A masker for one stream of text chunks (a secret split across chunks is still masked). */
  stream(): StreamingMasker {
    return new StreamingMasker(this);
  }

  /** True when `suffix` is a proper beginning of some form (a chunk may end in the middle of a secret). */
  startsSomeForm(suffix: string): boolean {
    for (const form of this.forms.keys()) if (form.length > suffix.length && form.startsWith(suffix)) return true;
    return false;
  }

  private rebuild(): void {
    const forms = new Map<string, string>();
    for (const [value, { name }] of this.values) for (const form of secretForms(value, MIN_SECRET_LENGTH)) if (!forms.has(form)) forms.set(form, name);
    this.forms = forms;
    const sorted = [...forms.keys()].sort((a, b) => b.length - a.length);
    this.longest = sorted[0]?.length ?? 0;
    this.pattern = sorted.length === 0 ? undefined : new RegExp(sorted.map(escape).join('|'), 'g');
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
