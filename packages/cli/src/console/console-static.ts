import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** Where `npm run build` (scripts/build-console.mjs) writes the page: packages/cli/dist/console-ui. */
export const CONSOLE_ASSETS_DIR = fileURLToPath(new URL('../../dist/console-ui/', import.meta.url));

/**
 * The console's Content-Security-Policy: its own scripts and styles only (no inline code, no
 * eval, no CDN), images and audio of results as `data:` URLs, requests to this server only, and
 * no framing.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every console response. */
export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** The built files the console serves, by URL name. */
const ASSETS: Readonly<Record<string, string>> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

/** A built file of the page, or undefined for a name that is not one. */
export async function consoleAsset(name: string, dir = CONSOLE_ASSETS_DIR): Promise<{ body: Buffer; type: string } | undefined> {
  const type = ASSETS[name];
  if (type === undefined) return undefined;
  return { body: await readFile(join(dir, name)), type };
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The page's HTML: the built index.html with the CSRF token in a `<meta>` tag (read by the
 * script; no inline code). Throws ENOENT when the console was not built.
 */
export async function consolePage(csrfToken: string, dir = CONSOLE_ASSETS_DIR): Promise<string> {
  const template = await readFile(join(dir, 'index.html'), 'utf8');
  return template.replace('__TOOLWRIGHT_CSRF__', escapeAttribute(csrfToken));
}
