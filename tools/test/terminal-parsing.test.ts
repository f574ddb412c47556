import { describe, expect, it } from '@jest/globals';
import { cleanOutput } from '../src/terminal/clean-output.js';
import { keyBytes } from '../src/terminal/keys.js';
import { literalKind } from '../src/terminal/literal-argument.js';
import { splitCommands } from '../src/terminal/split-commands.js';

describe('splitCommands', () => {
  it.each<[string, number]>([
    ['ls', 1],
    ['ls\npwd', 2],
    ['ls && \\\n pwd', 1],
    ['cat <<EOF\na\nb\nEOF', 1],
    ["cat <<'EOF' > f\nx\nEOF\necho done", 2],
    ['cat <<-EOF\n\tfoo\n\tEOF\nls', 2],
    ['for i in 1 2; do\n echo $i\ndone', 1],
    ['while true\ndo\n sleep 1\ndone', 1],
    ['if [ -f x ]; then\n echo y\nfi', 1],
    ['case $x in\n a) echo a;;\nesac', 1],
    ['f() {\n echo hi\n}', 1],
    ['echo "a\nb"', 1],
    ["echo 'a\nb'", 1],
    ["echo $'a\\'b'\nls", 2],
    ['echo $(\nls\n)', 1],
    ['ls |\n wc -l', 1],
    ['# comment\nls', 1],
    ['ls\n\n', 1],
    ['echo ${HOME}\necho done', 2],
    ['echo if\necho fi', 2],
    ['{ ls; }\npwd', 2],
    ['echo a{b,c}\nls', 2],
    ['x=$((1+2))\necho $x', 2],
  ])('%j has %i command(s)', (source, count) => {
    expect(splitCommands(source)).toHaveLength(count);
  });
});

describe('literalKind', () => {
  it('flags JSON/Python literals and lets shell tests and groups through', () => {
    expect(literalKind('[{"a": 1}]')).toBe('list literal');
    expect(literalKind(`  ['x']`)).toBe('list literal');
    expect(literalKind('[["a"]]')).toBe('nested list literal');
    expect(literalKind('{"k": 1}')).toBe('dict literal');
    for (const shell of ['[[ -f x ]]', '[ -d /tmp ]', '{ ls; }', 'echo {"a"}', 'ls']) expect(literalKind(shell)).toBeUndefined();
  });
});

describe('keyBytes', () => {
  it('maps control and named keys, and leaves text alone', () => {
    expect(keyBytes('C-c')).toBe('\x03');
    expect(keyBytes('C-d')).toBe('\x04');
    expect(keyBytes('C-z')).toBe('\x1a');
    expect(keyBytes('C-a')).toBe('\x01');
    expect(keyBytes('C-L')).toBe('\x0c');
    expect(keyBytes('UP')).toBe('\x1b[A');
    expect(keyBytes('PGDN')).toBe('\x1b[6~');
    expect(keyBytes('BS')).toBe('\x7f');
    expect(keyBytes('ENTER')).toBe('\r');
    expect(keyBytes('hello')).toBeUndefined();
    expect(keyBytes('C-cc')).toBeUndefined();
  });
});

describe('cleanOutput', () => {
  it('drops escape sequences and CRLF, and keeps what a carriage-return progress line finally shows', () => {
    expect(cleanOutput('\x1b[01;34mdir\x1b[0m\r\nfile\r\n')).toBe('dir\nfile\n');
    expect(cleanOutput('\x1b]0;title\x07text')).toBe('text');
    expect(cleanOutput('10%\r50%\r100%\ndone')).toBe('100%\ndone');
  });
});
