import type { ShellWord } from './shell-word.js';
import type { SimpleCommand } from './simple-command.js';

/** Per command: the options whose value is a file or directory it writes. */
const OUTPUT_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  curl: ['-o', '--output', '--output-dir', '-c', '--cookie-jar', '-D', '--dump-header', '--trace', '--trace-ascii', '--stderr'],
  wget: ['-O', '--output-document', '-P', '--directory-prefix', '-o', '--output-file', '-a', '--append-output'],
  sort: ['-o', '--output'],
  tar: ['-C', '--directory', '-f', '--file'],
  unzip: ['-d'],
  patch: ['-o', '--output', '-d', '--directory'],
  tree: ['-o'],
  ssh_keygen: ['-f'],
};

/**
 * The paths a command writes through an option (`curl -o F`, `wget -O F`, `sort -o F`,
 * `tar -C DIR`, `unzip -d DIR`…), in the forms `-o F`, `-oF`, `--output F`, `--output=F`.
 * Long options are matched by the prefixes the programs accept (`--outp=F`). Conservative: an
 * option that only sometimes writes (`tar -f` when creating) counts as a write.
 */
export function outputFlagTargets(command: SimpleCommand): ShellWord[] {
  const name = (command.words[0]?.value ?? '').replace(/-/g, '_');
  const options = OUTPUT_OPTIONS[name];
  if (!options) return [];
  const targets: ShellWord[] = [];
  const words = command.words;
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    const text = word.value;
    if (text === '--') break;
    if (text.startsWith('--')) {
      const [flag, value] = text.includes('=') ? [text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1)] : [text, undefined];
      const hit = flag.length > 3 && options.some((o) => o.startsWith('--') && o.startsWith(flag));
      if (hit && value !== undefined) targets.push({ ...word, value });
      else if (hit && words[i + 1]) targets.push(words[++i]!);
    } else if (text.startsWith('-') && text.length > 1) {
      // Combined short flags: the first that takes a value takes the rest of the word or the next word.
      for (let j = 1; j < text.length; j++) {
        if (!options.includes(`-${text[j]}`)) continue;
        const rest = text.slice(j + 1);
        if (rest !== '') targets.push({ ...word, value: rest });
        else if (words[i + 1]) targets.push(words[++i]!);
        break;
      }
    }
  }
  return targets;
}
