/**
 * The forms a secret may take in text: as written, JSON-escaped, URL-encoded (`%XX` and
 * form-encoded), and base64 / base64url. A secret base64-encoded inside a longer value
 * (`Basic base64(user:secret)`) starts at any of three byte alignments: each gives a run of
 * characters fixed by the secret's bytes alone, and that run is a form (the one or two
 * characters at its edges also depend on the neighbouring bytes and are left as they are).
 * Forms shorter than `minLength` are dropped (they would match ordinary text).
 */
export function secretForms(value: string, minLength: number): string[] {
  const forms = new Set<string>([value]);
  forms.add(JSON.stringify(value).slice(1, -1));
  forms.add(encodeURIComponent(value));
  forms.add(encodeURIComponent(value).replaceAll('%20', '+'));
  const bytes = Buffer.from(value, 'utf8');
  for (let shift = 0; shift < 3; shift++) {
    const core = base64Core(bytes, shift);
    forms.add(core);
    forms.add(core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...forms].filter((form) => form.length >= minLength);
}

/** The base64 characters that depend only on `bytes` when `shift` other bytes come before them. */
function base64Core(bytes: Buffer, shift: number): string {
  const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
  const encoded = padded.toString('base64').replace(/=+$/, '');
  // Character i covers bits [6i, 6i + 6); the secret's bits are [8 shift, 8 (shift + length)).
  const first = Math.ceil((8 * shift) / 6);
  const end = Math.floor((8 * (shift + bytes.length)) / 6);
  return encoded.slice(first, end);
}
