import { PATH_CHANGING_COMMANDS } from './bash-lists.js';
import { sedCall } from './sed-check.js';
import type { ShellWord } from './shell-word.js';
import type { SimpleCommand } from './simple-command.js';

/** Flags whose value is not a path, per command (the value is skipped). */
const VALUE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  mkdir: ['-m', '--mode'],
  touch: ['-d', '-t', '--date'],
  truncate: ['-s', '--size'],
  install: ['-m', '-o', '-g', '--mode', '--owner', '--group'],
  cp: ['-S', '--suffix'],
  mv: ['-S', '--suffix'],
  ln: ['-S', '--suffix'],
  shred: ['-n', '-s', '--iterations', '--size'],
};

/** Commands whose first operand is not a path (a mode or an owner). */
const FIRST_OPERAND_NOT_PATH = new Set(['chmod', 'chown', 'chgrp']);

/**
 * The paths a simple command changes: the operands of `rm`, `mv`, `cp`, `chmod`, `touch`, `tee`,
 * `sed -i`, …, the `of=` of `dd`, and every file it redirects output to.
 */
export function commandTargets(command: SimpleCommand): ShellWord[] {
  const targets = command.redirects.filter((r) => r.writes && r.target).map((r) => r.target!);
  const name = command.words[0]?.value ?? '';
  const args = command.words.slice(1);
  if (name === 'dd') {
    for (const arg of args) if (arg.value.startsWith('of=')) targets.push({ ...arg, value: arg.value.slice(3) });
    return targets;
  }
  if (name === 'sed') {
    const call = sedCall(args);
    return call.inPlace ? [...targets, ...call.files] : targets;
  }
  if (!PATH_CHANGING_COMMANDS.has(name)) return targets;
  const valueFlags = VALUE_FLAGS[name] ?? [];
  const operands: ShellWord[] = [];
  let flagsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!flagsEnded && word.value === '--') flagsEnded = true;
    else if (!flagsEnded && word.value.startsWith('-') && word.value.length > 1 && !word.dynamic) {
      if (valueFlags.includes(word.value)) i++;
      else if (word.value.startsWith('--target-directory=')) operands.push({ ...word, value: word.value.slice('--target-directory='.length) });
    } else operands.push(word);
  }
  if (FIRST_OPERAND_NOT_PATH.has(name)) operands.shift();
  return [...targets, ...operands];
}
