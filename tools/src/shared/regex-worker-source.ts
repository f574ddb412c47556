/**
 * The code of a regex worker thread (plain JavaScript, evaluated as a worker script so that it runs
 * the same from TypeScript sources and from the build). It answers two requests, each with the
 * indexes of the items that matched, as a transferred `Int32Array`:
 * - `test`: `items` is NUL-joined strings (paths); which ones the regex matches as a whole string.
 * - `files`: `items` is NUL-joined absolute paths; which files have a line the regex matches
 *   (files that cannot be read, or with a NUL byte in their first 64 KiB, as ripgrep calls binary,
 *   do not match; the text up to a NUL further on is searched).
 * A match may not span a newline (ripgrep's line-oriented semantics) and an empty file has no line.
 */
export const REGEX_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const BINARY_PROBE = 65536;
function matchesSomeLine(regex, text) {
  if (text.length === 0) return false;
  regex.lastIndex = 0;
  const match = regex.exec(text);
  if (match === null) return false;
  if (!match[0].includes('\n')) return true;
  return text.split('\n').some((line) => { regex.lastIndex = 0; return regex.test(line); });
}
function fileMatches(path, regex) {
  let data;
  try { data = readFileSync(path); } catch { return false; }
  const nul = data.indexOf(0);
  if (nul !== -1 && nul < BINARY_PROBE) return false;
  return matchesSomeLine(regex, data.toString('utf8', 0, nul === -1 ? data.length : nul));
}
const compiled = new Map(); // the last few patterns, so a repeated search reuses its compiled, already optimised regex
function regexFor(source, flags) {
  const key = flags + '/' + source;
  let regex = compiled.get(key);
  if (regex === undefined) {
    regex = new RegExp(source, flags);
    if (compiled.size >= 16) compiled.delete(compiled.keys().next().value);
    compiled.set(key, regex);
  }
  return regex;
}
parentPort.on('message', (request) => {
  let hits;
  try {
    const regex = regexFor(request.source, request.flags);
    const items = request.items === '' ? [] : request.items.split('\0');
    const found = [];
    for (let i = 0; i < items.length; i++) {
      if (request.op === 'files' ? fileMatches(items[i], regex) : (regex.lastIndex = 0, regex.test(items[i]))) found.push(i);
    }
    hits = Int32Array.from(found);
  } catch (error) {
    parentPort.postMessage({ id: request.id, error: String(error && error.message || error) });
    return;
  }
  parentPort.postMessage({ id: request.id, hits }, [hits.buffer]);
});
`;
