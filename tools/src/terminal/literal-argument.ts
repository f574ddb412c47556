/**
 * What kind of JSON/Python literal `command` looks like (`list literal`, `nested list literal`,
 * `dict literal`), or `undefined` when it looks like shell. Shell uses `[` and `{` too, but always
 * followed by a blank (`[ -f x ]`, `[[ -n $x ]]`, `{ ls; }`), which is how the two are told apart.
 */
export function literalKind(command: string): string | undefined {
  const text = command.trimStart();
  const [a, b, c] = [text[0], text[1], text[2]];
  if (a === '[' && (b === '{' || b === '"' || b === "'")) return 'list literal';
  if (a === '[' && b === '[' && c !== undefined && c !== ' ' && c !== '\t') return 'nested list literal';
  if (a === '{' && (b === '"' || b === "'")) return 'dict literal';
  return undefined;
}

/** The hint returned instead of running a command that is a literal. */
export function literalHint(command: string, kind: string): string {
  const head = command.trimStart().slice(0, 60);
  return [
    `The \`command\` argument looks like a JSON/Python ${kind}, not a shell command. It starts with: ${JSON.stringify(head)}`,
    '',
    'The terminal runs ONE shell command. To pass structured data or multi-line code:',
    '  - write it to a file with file_editor (command "create"), then run the file, e.g. `python3 /tmp/script.py`; or',
    '  - use a heredoc, e.g.:',
    "        python3 - <<'EOF'",
    '        data = {"key": "value"}',
    '        EOF',
    'Do not put a list or dict literal in `command`: the shell cannot run it.',
  ].join('\n');
}
