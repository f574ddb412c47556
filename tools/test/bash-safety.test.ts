import { mkdtempSync, mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { BashSafety } from '../src/bash_safety/index.js';
import type { BashPermissionMode } from '../src/bash_safety/index.js';

let safety: BashSafety;
let cwd: string;

beforeAll(async () => {
  safety = await BashSafety.load({ additionalDangerousFiles: ['.secrets'], additionalDangerousDirectories: ['.credentials'] });
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'bash-safety-')));
  mkdirSync(join(cwd, 'sub'));
  symlinkSync('/etc', join(cwd, 'etc-link'));
});

const verdict = (command: string, mode: BashPermissionMode = 'default') => safety.check(command, { cwd, mode });
const step = (command: string, mode: BashPermissionMode = 'default') => {
  const v = verdict(command, mode);
  return `${v.behavior}:${v.step}`;
};

describe('BashSafety read-only detection', () => {
  it('allows read-only commands and compounds of them (fact 16)', () => {
    expect(step('ls -la')).toBe('allow:read-only');
    expect(step('git status && ls')).toBe('allow:read-only');
    expect(step('git status && git commit -m x')).toBe('passthrough:none');
  });

  it('treats find action flags as writes (fact 17)', () => {
    expect(safety.isReadOnly('find . -name x', cwd)).toBe(true);
    expect(safety.isReadOnly('find . -delete', cwd)).toBe(false);
    expect(safety.isReadOnly('find . -exec rm {} ;', cwd)).toBe(false);
  });

  it('treats any redirection to a file as a write, but not a descriptor copy or /dev/null (fact 15)', () => {
    expect(safety.isReadOnly('ls > out.txt', cwd)).toBe(false);
    expect(safety.isReadOnly('ls >> out.txt', cwd)).toBe(false);
    expect(safety.isReadOnly('ls &> out.txt', cwd)).toBe(false);
    expect(safety.isReadOnly('{ ls; pwd; } > out.txt', cwd)).toBe(false);
    expect(safety.isReadOnly('ls 2>&1', cwd)).toBe(true);
    expect(safety.isReadOnly('ls 2>/dev/null', cwd)).toBe(true);
  });

  it('treats tee as a write, so it is not allowed in explore (fact 21 fixed)', () => {
    expect(safety.isReadOnly('echo x | tee out.txt', cwd)).toBe(false);
    expect(step('echo x | tee out.txt', 'explore')).toBe('passthrough:none');
  });

  it('treats sed as read-only only without -i and with a safe script', () => {
    expect(safety.isReadOnly("sed -n '5p' f", cwd)).toBe(true);
    expect(safety.isReadOnly("sed 's/a/b/g' f", cwd)).toBe(true);
    expect(safety.isReadOnly("sed -i 's/a/b/' f", cwd)).toBe(false);
  });

  it('does not take listing-only git subcommands with changing arguments as read-only', () => {
    expect(safety.isReadOnly('git branch -a', cwd)).toBe(true);
    expect(safety.isReadOnly('git branch -D feature', cwd)).toBe(false);
    expect(safety.isReadOnly('git tag -d v1', cwd)).toBe(false);
    expect(safety.isReadOnly('git -c alias.st=!rm status', cwd)).toBe(false);
    expect(safety.isReadOnly('git diff --output=/tmp/x', cwd)).toBe(false);
  });

  it('does not take pager start commands or sort helper programs as read-only', () => {
    expect(safety.isReadOnly("less '+!rm -rf ~' README.md", cwd)).toBe(false);
    expect(safety.isReadOnly('sort --compress-program=./evil big.txt', cwd)).toBe(false);
    expect(safety.isReadOnly('sort -o out.txt in.txt', cwd)).toBe(false);
    // a pager runs commands on keys typed into it (`!sh`, `v`, `|`), and the terminal lets the model type them
    expect(safety.isReadOnly('less README.md', cwd)).toBe(false);
  });

  it('does not take environment prefixes that change what runs as read-only', () => {
    expect(safety.isReadOnly('GIT_EXTERNAL_DIFF=./evil git diff', cwd)).toBe(false);
    expect(safety.isReadOnly('LANG=C ls', cwd)).toBe(true);
  });
});

describe('BashSafety injection structures', () => {
  it('analyses the commands of a command substitution like the others: their value is unknown, what they run is checked (fact 14)', () => {
    expect(step('ls $(rm -rf /)')).toBe('ask:dangerous-pattern');
    expect(safety.isReadOnly('ls $(rm -rf /)', cwd)).toBe(false);
    expect(safety.isReadOnly('ls `rm x`', cwd)).toBe(false);
    expect(step('ls `rm x`')).toBe('passthrough:none');
    expect(step('wc -l $(git ls-files)')).toBe('allow:read-only');
    expect(step('cat <<EOF\n$(rm x)\nEOF')).toBe('ask:injection'); // a here-document's text is refused, not analysed
  });

  it('analyses a for loop: its body with the loop variable unknown, and refuses a loop over a variable bash itself uses', () => {
    expect(step('for f in $(ls); do wc -l "$f"; done')).toBe('allow:read-only');
    expect(step('for f in *.ts; do grep -c TODO $f; done')).toBe('allow:read-only');
    expect(step('for f in *; do rm $f; done')).toBe('ask:dangerous-removal');
    expect(step('for f in *; do sort $f; done')).toBe('passthrough:none'); // `$f` may be `-oFILE`
    expect(step('for PATH in /tmp/evil; do ls; done')).toBe('ask:injection');
  });

  it('asks for backticks, process substitution, ${} expansions, subshells, loops, conditionals, functions and tests', () => {
    const cases: Array<[string, string]> = [
      ['diff <(ls) <(ls a)', 'process_substitution'],
      ['echo ${HOME}', 'expansion'],
      ['(rm -rf x)', 'subshell'],
      ['for ((i = 0; i < 3; i++)); do rm $i; done', 'c_style_for_statement'],
      ['while true; do ls; done', 'while_statement'],
      ['if true; then ls; fi', 'if_statement'],
      ['case x in x) ls;; esac', 'case_statement'],
      ['f() { rm -rf ~; }', 'function_definition'],
      ['[[ -f x ]] && ls', 'test_command'],
    ];
    for (const [command, type] of cases) expect([command, verdict(command).reason]).toEqual([command, `Command contains ${type} which cannot be statically analyzed`]);
  });

  it('allows a plain $VAR but asks for a command name that is not a literal word', () => {
    expect(step('echo $HOME')).toBe('allow:read-only');
    expect(verdict('$CMD -rf /').reason).toBe("The command name '$CMD' is not a literal word, so the command cannot be statically analyzed");
    expect(verdict('cat$IFS/etc/passwd').step).toBe('injection');
  });

  it('sees through quoting tricks and escaped newlines', () => {
    expect(verdict("'r''m' -rf build").reason).toBe("Command matches dangerous pattern 'rm -rf': 'r''m' -rf build");
    expect(verdict('\\rm -rf build').step).toBe('dangerous-pattern');
    expect(verdict('r\\\nm -rf /').reason).toBe('Command joins words with an escaped newline, which cannot be statically analyzed');
    expect(verdict("$'\\x72\\x6d' -rf /").step).toBe('injection');
  });

  it('checks command substitutions inside here-documents', () => {
    expect(step('cat <<EOF\nhello\nEOF')).toBe('allow:read-only');
    expect(step('cat <<EOF\n$(rm -rf ~)\nEOF')).toBe('ask:injection');
  });

  it('analyses what follows a here-document on its first line (tree-sitter nests it in the redirect)', () => {
    expect(step('cat <<EOF | sh\nrm -rf /\nEOF')).toBe('passthrough:none');
    expect(safety.isReadOnly('cat <<EOF > out.txt\nx\nEOF', cwd)).toBe(false);
    expect(verdict('cat <<EOF && rm -rf build\nx\nEOF').step).toBe('dangerous-pattern');
  });

  it('asks for input that bash cannot parse', () => {
    expect(verdict('ls &&').reason).toBe('Command could not be parsed as bash (syntax error), so it cannot be statically analyzed');
  });
});

describe('BashSafety dangerous patterns (whole words, fact 18 fixed)', () => {
  it('matches on parsed words, not substrings', () => {
    expect(step('git add .')).toBe('passthrough:none');
    expect(step('npm run format')).toBe('passthrough:none');
    expect(verdict('format c:').reason).toBe("Command matches dangerous pattern 'format': format c:");
    expect(verdict('dd if=/dev/zero of=x').step).toBe('dangerous-pattern');
  });

  it('asks for rm -rf in any spelling, chmod 777, chown -R, kill -9 and writes to devices (fact 19)', () => {
    for (const command of ['rm -rf build', 'rm -fr build', 'rm -r -f build', 'rm --recursive --force build', 'chmod 777 x', 'chmod -R 777 x', 'chown -R u x', 'kill -9 1', 'echo x > /dev/sda', 'mkfs.ext4 /dev/sdb']) {
      expect([command, verdict(command).step, verdict(command).bypassImmune]).toEqual([command, 'dangerous-pattern', true]);
    }
  });

  it('asks for commands that change how later commands resolve', () => {
    expect(verdict("alias ls='rm -rf ~'").reason).toBe("Command matches dangerous pattern 'alias': alias ls='rm -rf ~'");
    expect(verdict('export PATH=/tmp/evil:$PATH').step).toBe('dangerous-pattern');
    expect(verdict('PATH=/tmp/evil').step).toBe('dangerous-pattern');
    expect(step('alias')).toBe('passthrough:none');
  });
});

describe('BashSafety wrappers', () => {
  it('analyses the command a wrapper runs', () => {
    expect(verdict('sudo rm x').reason).toBe("Command matches dangerous pattern 'sudo rm': sudo rm x");
    expect(verdict('env X=1 rm -rf build').step).toBe('dangerous-pattern');
    expect(verdict('timeout 5 rm -rf build').step).toBe('dangerous-pattern');
    expect(verdict('nohup rm -rf build').step).toBe('dangerous-pattern');
    expect(verdict('nice -n 5 rm -rf build').step).toBe('dangerous-pattern');
    expect(verdict("bash -c 'rm -rf build'").step).toBe('dangerous-pattern');
    expect(verdict("sh -c 'ls && rm -rf build'").step).toBe('dangerous-pattern');
    expect(verdict("bash -c 'bash -c \"rm -rf build\"'").step).toBe('dangerous-pattern');
    expect(verdict("bash -c \"$X\"").reason).toBe("The command string of 'bash -c' is not a literal, so it cannot be statically analyzed");
  });

  it('keeps wrapped read-only commands read-only, except under sudo', () => {
    expect(safety.isReadOnly('timeout 5 git status', cwd)).toBe(true);
    expect(safety.isReadOnly("bash -c 'ls -la'", cwd)).toBe(true);
    expect(safety.isReadOnly('sudo ls', cwd)).toBe(false);
    expect(safety.isReadOnly('env', cwd)).toBe(true);
  });

  it('asks when xargs gives rm its targets at run time', () => {
    expect(verdict('find . -name "*.o" | xargs rm').reason).toBe('Dangerous removal: rm gets its targets only when it runs (from xargs), so they cannot be checked');
  });
});

describe('BashSafety sed constraints (fact 20)', () => {
  it('refuses write and execute operations and unknown flags', () => {
    expect(verdict("sed 's/a/b/w o' f").reason).toBe("sed write operation (w/W) not allowed: sed 's/a/b/w o' f");
    expect(verdict("sed '1w out' f").reason).toBe("sed write operation (w/W) not allowed: sed '1w out' f");
    expect(verdict("sed 's/a/b/e' f").reason).toBe("sed execute operation (e) not allowed: sed 's/a/b/e' f");
    expect(verdict("sed '1!d' f").reason).toBe("sed negation (!) not allowed: sed '1!d' f");
    expect(verdict("sed '/x/{p}' f").reason).toBe("sed braces ({ }) not allowed: sed '/x/{p}' f");
    expect(verdict("sed -f script.sed f").reason).toBe("sed flag '-f' is not allowed (allowed: -n, -E, -r, -e, -i, -s, -u, -z): sed -f script.sed f");
  });

  it('asks for sed -i on a dangerous file', () => {
    const v = verdict("sed -i 's/a/b/' ~/.bashrc");
    expect([v.step, v.bypassImmune]).toEqual(['dangerous-path', true]);
    expect(v.reason).toContain("which matches the protected entry '.bashrc'");
  });
});

describe('BashSafety dangerous files and directories', () => {
  it('asks for changes to shell configuration, credentials and VCS directories', () => {
    expect(verdict('echo x >> ~/.bashrc').step).toBe('dangerous-path');
    expect(verdict('cp x ~/.ssh/config').step).toBe('dangerous-path');
    expect(verdict('rm .git/index').step).toBe('dangerous-path');
    expect(verdict('touch sub/.ENV').step).toBe('dangerous-path');
    expect(verdict('rm .env*').step).toBe('dangerous-path');
    expect(verdict('chmod 600 .secrets').reason).toBe("Command modifies '.secrets', which matches the protected entry '.secrets'");
    expect(verdict('mv x .credentials/y').step).toBe('dangerous-path');
    expect(step('cat .env')).toBe('allow:read-only');
  });
});

describe('BashSafety dangerous removals (fact 19)', () => {
  it('asks for removals of whole directories, home, system directories and parents of the working directory', () => {
    const cases: Array<[string, string]> = [
      ['rm *', "rm of '*' removes a whole directory's content"],
      ['rm d/*', "rm of 'd/*' removes a whole directory's content"],
      ['rm /usr', "rm of '/usr' removes a top-level system directory"],
      ['rm -r /tmp', "rm of '/tmp' removes a top-level system directory"],
      ['rmdir ~', `rmdir of '${homedir()}' removes the home directory`],
      ['rm -r .', "rm of '.' removes a working directory or a directory containing one"],
      ['cd sub && rm -r ..', "rm of '..' removes a working directory or a directory containing one"],
      ['rm -r $DIR', "rm target '$DIR' is only known when the command runs"],
    ];
    for (const [command, reason] of cases) {
      const v = verdict(command);
      expect([command, v.step, v.reason, v.bypassImmune]).toEqual([command, 'dangerous-removal', `Dangerous removal: ${reason}`, true]);
    }
  });
});

describe('BashSafety acceptEdits working-directory check (fact 13)', () => {
  it('allows file-system edits whose every target resolves inside the working directories', () => {
    expect(step(`mkdir -p ${cwd}/a`, 'acceptEdits')).toBe('allow:working-directories');
    expect(step('touch sub/x && mv sub/x sub/y', 'acceptEdits')).toBe('allow:working-directories');
    expect(step('echo hi > notes.txt', 'acceptEdits')).toBe('allow:working-directories');
    expect(step(`mkdir -p ${cwd}/a`, 'default')).toBe('passthrough:none');
  });

  it('falls through when a target is outside, unknown, or reached through a link', () => {
    expect(step(`cp /etc/hosts ${cwd}/x`, 'acceptEdits')).toBe('passthrough:none');
    expect(step('mkdir', 'acceptEdits')).toBe('passthrough:none');
    expect(step('touch etc-link/x', 'acceptEdits')).toBe('passthrough:none');
    expect(step('cd /tmp && touch x', 'acceptEdits')).toBe('passthrough:none');
    expect(step('cd $D && touch x', 'acceptEdits')).toBe('passthrough:none');
    expect(step('sudo touch x', 'acceptEdits')).toBe('passthrough:none');
    expect(step('touch ../x', 'acceptEdits')).toBe('passthrough:none');
  });

  it('follows cd into the working directory', () => {
    expect(step(`cd ${cwd}/sub && touch x`, 'acceptEdits')).toBe('allow:working-directories');
  });
});

describe('BashSafety rules', () => {
  it('matches x:* as a word prefix, * as an anchored wildcard, and plain text as whole words (facts 2-4)', () => {
    expect(safety.matchRule('git:*', 'git', 'allow', cwd)).toBe(true);
    expect(safety.matchRule('git:*', 'git add .', 'allow', cwd)).toBe(true);
    expect(safety.matchRule('git:*', 'npm install', 'allow', cwd)).toBe(false);
    expect(safety.matchRule('git:*', 'gitk', 'allow', cwd)).toBe(false);
    expect(safety.matchRule('install', 'pip install requests', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('git *', 'git', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('npm run *', 'npm run build', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('npm run *', 'npm install', 'deny', cwd)).toBe(false);
  });

  it('splits compound commands before matching (fact 22 fixed)', () => {
    expect(safety.matchRule('git:*', 'git status && curl x | sh', 'allow', cwd)).toBe(false);
    expect(safety.matchRule('rm:*', 'cd d && rm -r y', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('rm:*', 'sudo rm x', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('rm:*', "bash -c 'rm x'", 'deny', cwd)).toBe(true);
    expect(safety.matchRule('rm:*', 'find . | xargs rm', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('git:*', 'sudo git push', 'allow', cwd)).toBe(false);
    expect(safety.matchRule('npm test:*', 'cd sub && npm test', 'allow', cwd)).toBe(true);
    expect(safety.coveredByAllowRules(['git:*', 'npm:*'], 'git pull && npm test', cwd)).toBe(true);
    expect(safety.coveredByAllowRules(['git:*'], 'git pull && npm test', cwd)).toBe(false);
    expect(safety.matchRule('git:*', 'git log $(rm x)', 'allow', cwd)).toBe(false);
  });

  it('suggests w1 w2:* per sub-command, at most five, without duplicates (fact 23)', () => {
    expect(safety.suggestRules("git commit -m 'test'", cwd)).toEqual(['git commit:*']);
    expect(safety.suggestRules('ls -la', cwd)).toEqual([]);
    expect(safety.suggestRules('npm install && npm test && git push && git push', cwd)).toEqual(['npm install:*', 'npm test:*', 'git push:*']);
    expect(safety.suggestRules('make -j4 && a && b && c && d && e', cwd)).toEqual(['make:*', 'a:*', 'b:*', 'c:*', 'd:*']);
    // python3:* would allow `python3 -c 'anything'`: an interpreter gets its exact command
    expect(safety.suggestRules('python3 script.py', cwd)).toEqual(['python3 script.py']);
  });
});
