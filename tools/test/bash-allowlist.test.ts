import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { BashSafety } from '../src/bash_safety/index.js';

let safety: BashSafety;
let cwd: string;

beforeAll(async () => {
  safety = await BashSafety.load();
  cwd = realpathSync(mkdtempSync(join(tmpdir(), 'bash-allowlist-')));
});

const readOnly = (command: string): boolean => safety.isReadOnly(command, cwd);
/** The commands of `list` the analysis decides otherwise than `expected`. */
const decidedOtherwise = (list: readonly string[], expected: boolean): string[] => list.filter((c) => readOnly(c) !== expected);
const covered = (rules: readonly string[], command: string): boolean => safety.coveredByAllowRules(rules, command, cwd);

describe('read-only by allowlist: a command and every option it carries must be on the list', () => {
  it('takes ordinary calls with documented safe options as read-only', () => {
    expect(
      decidedOtherwise(
        [
          'ls -la src', 'ls --color=auto -1', 'ls --col=never', 'grep -rn TODO src', 'grep -A3 -B2 foo x.txt', 'grep -5 foo x.txt', 'grep --include=*.ts -rl x .',
          'head -n5 f', 'head -5 f', 'tail -n +10 f', 'tail -f app.log', 'sort -rn -k2 f', 'sort -t: -k3,3n /etc/passwd', 'sort --numeric-sort f', 'wc -lw f',
          'cut -d, -f1-3 x.csv', 'du -sh .', 'df -h', 'diff -u a b', 'cmp -l a b', "jq -r '.a' f.json", "jq --arg x 1 '.[$x]' f.json", 'rg -n foo',
          "rg --glob '*.ts' foo", 'stat -c %s f', 'od -An -tx1 f', 'date +%F', 'date -u', 'uniq -c f', 'tr a-z A-Z', 'basename -s .ts a/b.ts', 'realpath --relative-to=. /tmp',
          'sha256sum -c sums.txt', 'file -b --mime-type x', 'nl -ba f', 'printenv HOME', 'id -un', 'uname -srm', 'which -a node', 'readlink -f x',
        ],
        true,
      ),
    ).toEqual([]);
  });

  it('refuses options that write, run a program or change something, in every spelling: attached, grouped, abbreviated', () => {
    expect(
      decidedOtherwise(
        [
          'sort -oREADME.md /dev/null', 'sort -o out f', 'sort -ro out f', 'sort -rnoout f', 'sort --output out f', 'sort --output=out f', 'sort --outp=out f',
          'sort --o=out f', 'sort -T /tmp f', 'sort --temp=/tmp f', 'sort --comp=gzip f', 'uniq in out', 'tree -o out', 'rg --pre=./x foo', 'rg -z foo',
          'rg --search-zip foo', 'file -C -m magic', 'file -z x', 'date -s 2020-01-01', 'date 010100002020', 'date --set=now', 'df --sync', 'diff -l a b',
          'diff --pag a b', 'printf -v x hi', 'python3 -c 1', 'node -e 1', 'npm --version --x',
        ],
        false,
      ),
    ).toEqual([]);
  });

  it('refuses an unknown or ambiguous option (it is not on the list, whatever it does)', () => {
    expect(decidedOtherwise(['ls --fake', 'ls --s', 'grep --e x f', 'cat -Q f', 'head --lin', 'wc --x', 'jq --argx a b .'], false)).toEqual([]);
  });

  it('refuses a word only known at run time where an option may stand, unless every option of the command is safe', () => {
    expect(decidedOtherwise(['sort $OPTS f', 'sort *', 'git log $X', 'tree $X', 'printf $FMT'], false)).toEqual([]);
    expect(decidedOtherwise(['ls $X', 'cat *', 'grep foo $F', 'wc -l *.ts', 'sort -- *', "printf '%s' $X"], true)).toEqual([]);
  });

  it('lets find through with read-only predicates only', () => {
    expect(decidedOtherwise(["find . -name '*.ts' -type f", 'find src -maxdepth 2 -newermt 2020-01-01 -print0', 'find . \\( -name a -o -name b \\) -prune'], true)).toEqual([]);
    expect(decidedOtherwise(['find . -delete', 'find . -fprint out', 'find . -fls out', 'find . -fprintf out %p', 'find . -name x -unknownpredicate', 'find $X -name y'], false)).toEqual([]);
  });

  it('checks git global options, subcommands and each subcommand\'s options', () => {
    expect(
      decidedOtherwise(
        [
          'git status -sb', 'git log --oneline -5', 'git log -n 3 --stat', 'git diff --stat HEAD~1', 'git diff --cached', 'git show HEAD:README.md', 'git -C sub log -1',
          'git --no-pager diff', 'git branch -a', 'git branch --list "feat*"', 'git tag -l', 'git remote -v', 'git remote show -n origin', 'git remote get-url origin',
          'git config --get user.name', 'git ls-files -m', 'git rev-parse --abbrev-ref HEAD', 'git blame -L 1,5 f', 'git grep -n foo', 'git reflog', 'git --version',
        ],
        true,
      ),
    ).toEqual([]);
    expect(
      decidedOtherwise(
        [
          'git diff --outp=x', 'git log --output=x', 'git -c core.pager=x log', 'git --exec-path=x log', 'git log --ext-diff', 'git show --textconv', 'git grep -O foo',
          'git grep --open-files-in-pager=vi x', 'git branch newbranch', 'git tag v1', 'git branch -D x', 'git config user.name x', 'git reflog expire --all',
          'git reflog delete x', 'git log --show-signature', 'git --git-dir=/x log', 'git -p log', 'git stash list', 'git',
          // a bare long option never takes the next word as its value: git would act on it (found by the sandbox fuzz)
          'git diff --unified --output=x', 'git branch --abbrev newbranch', 'git log --format --output=x', 'git branch --sort newbranch',
        ],
        false,
      ),
    ).toEqual([]);
  });

  it('treats pagers as not read-only: keys typed into them run commands', () => {
    expect(decidedOtherwise(['less README.md', 'more notes.txt', 'less -N f'], false)).toEqual([]);
  });
});

describe('wrappers: the wrapped command is analysed, with the wrapper\'s own options on a list', () => {
  it('sees through wrappers that only change how the command runs', () => {
    expect(
      decidedOtherwise(['timeout 5 ls', 'timeout -s KILL 5 git status', 'nice -n 5 grep x f', 'nice -5 ls', 'env LANG=C ls', 'stdbuf -oL grep x f', 'command ls', 'time ls', 'ionice -c3 du -sh .', "bash -c 'ls -la'"], true),
    ).toEqual([]);
  });

  it('calls a command given arguments at run time read-only only when no argument could make it write (xargs, find -exec)', () => {
    expect(decidedOtherwise(['xargs grep foo', 'xargs -0 wc -l', "find . -name '*.ts' -exec grep -l TODO {} +", 'find . -exec cat {} \\;', 'xargs -n1 ls -la'], true)).toEqual([]);
    expect(
      decidedOtherwise(
        ['echo -delete | xargs find src', 'xargs sort', 'xargs git log', 'xargs sed -n p', 'find . -exec rm {} \\;', "find . -execdir sh -c 'rm x' \\;", 'find . -name x -exec sort -o out {} +', 'xargs -I{} sed -i s/a/b/ {}'],
        false,
      ),
    ).toEqual([]);
  });

  it('refuses a command whose name or shell script input is substituted into at run time (xargs -I, find -exec)', () => {
    expect(decidedOtherwise(['echo rm | xargs -I ls ls -rf x', 'xargs -I% timeout 5 %', "xargs -I{} sh -c 'cat {}'", "find . -exec sh -c 'cat {}' \\;", "xargs -i bash -c 'wc -l {}'", 'xargs --replace=C nice C'], false)).toEqual([]);
    expect(safety.analyze("find . -exec sh -c 'cat {}' \\;", cwd).problem).toContain('sh -c');
    expect(decidedOtherwise(['xargs -I{} wc -l {}', 'find . -exec cat {} \\;'], true)).toEqual([]);
  });

  it('is not read-only when the wrapper writes, gives privileges, or carries an option it does not know', () => {
    expect(decidedOtherwise(['nohup ls', 'time -o out ls', 'sudo ls', 'doas ls', 'chroot / ls', 'timeout --foo 5 ls', 'nice --bogus ls', "env -S 'rm x'", 'env -i PAGER=x git log'], false)).toEqual([]);
  });

  it('asks for a wrapper option it does not know, naming it', () => {
    expect(safety.check('timeout --foo 5 ls', { cwd }).reason).toContain("'--foo'");
  });
});

describe('network egress is its own property, never read-only', () => {
  const network = (command: string) => safety.analyze(command, cwd).network;

  it('flags /dev/tcp and /dev/udp redirections, network clients, git remotes and URLs', () => {
    const egress = [
      'cat < /dev/tcp/example.com/80', 'echo hi > /dev/udp/10.0.0.1/53', 'git remote show https://host/data', 'git remote show origin', 'git ls-remote origin', 'git fetch',
      'git pull --rebase', 'git log https://host/x', 'curl -s https://example.com', 'wget -q x', 'ssh host ls', 'scp a host:b', 'nc host 80', 'rsync -a src host:dst',
      'gh pr list', 'npm view react', 'pip download x', 'socat - TCP:host:80',
    ];
    expect(egress.filter((c) => !network(c))).toEqual([]);
    expect(decidedOtherwise(egress, false)).toEqual([]);
  });

  it('does not flag local commands that mention a URL as text', () => {
    expect(['ls', 'git remote -v', 'git remote show -n origin', 'echo https://example.com', 'grep https:// README.md'].filter((c) => network(c))).toEqual([]);
  });
});

describe('environment assignments are part of the command', () => {
  it('keeps a command read-only only with harmless variables', () => {
    expect(decidedOtherwise(['LANG=C ls', 'LC_ALL=C sort f', 'TZ=UTC date', 'NO_COLOR=1 git log', 'COLUMNS=80 ls', 'TERM=dumb git status'], true)).toEqual([]);
    expect(
      decidedOtherwise(
        ['PAGER=x git log', 'GIT_PAGER=x git log', 'EDITOR=vim git log', 'LD_PRELOAD=x.so ls', 'BASH_ENV=x bash -c ls', 'PYTHONSTARTUP=x python3 -V', 'NODE_OPTIONS=--require=x node -v', 'GIT_SSH_COMMAND=x git log', 'GIT_CONFIG_COUNT=1 git log', 'GIT_DIR=/x git status', 'FOO=1 ls', 'X=1'],
        false,
      ),
    ).toEqual([]);
  });

  it('keeps a command with another variable out of a prefix rule for the command', () => {
    expect(covered(['git:*'], 'GIT_EXTERNAL_DIFF=cmd git diff')).toBe(false);
    expect(covered(['git:*'], 'GIT_DIR=/x git status')).toBe(false);
    expect(covered(['git:*'], 'env GIT_PAGER=x git log')).toBe(false);
    expect(covered(['npm test:*'], 'NODE_OPTIONS=--require=./x npm test')).toBe(false);
    expect(covered(['git:*'], 'LANG=C git push')).toBe(true);
    expect(covered(['NODE_ENV=test npm test:*'], 'NODE_ENV=test npm test')).toBe(true);
  });

  it('still lets a deny rule for the command catch it behind any variable', () => {
    expect(safety.matchRule('git push:*', 'FOO=1 git push', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('rm:*', 'env X=1 rm x', 'deny', cwd)).toBe(true);
    expect(safety.matchRule('git push:*', 'GIT_SSH_COMMAND=x git push', 'ask', cwd)).toBe(true);
  });
});

describe('prefix rules never cover options that run code through the covered command', () => {
  it('keeps git options that run programs out of git:*', () => {
    const uncovered = [
      'git -c core.pager=x log', "git -c 'alias.x=!sh' x", 'git -ccore.pager=x log', 'git fetch --upload-pack=x origin', 'git fetch -u x origin', 'git fetch --upload-p=x origin',
      'git push --receive-pack=x', 'git push --exec=x', "git rebase --exec 'x' main", 'git rebase -x x main', 'git diff --ext-diff', 'git --config-env=core.pager=X log',
      'git clone --template=x url', 'git bisect run sh x', 'git submodule foreach x', 'git grep -O foo',
    ];
    expect(uncovered.filter((c) => covered(['git:*'], c))).toEqual([]);
    expect(['git push origin main', 'git add -u', 'git commit -m x', 'git clean -x -n'].filter((c) => !covered(['git:*'], c))).toEqual([]);
  });

  it('keeps npm options that run programs out of npm rules, and find -exec out of find:*', () => {
    expect(['npm run test --script-shell=./x', 'npm run test --node-options=--require=x', 'npm run test --scr=./x'].filter((c) => covered(['npm run test:*'], c))).toEqual([]);
    expect(covered(['npm run test:*'], 'npm run test')).toBe(true);
    expect(covered(['find:*'], 'find . -exec rm {} \\;')).toBe(false);
    expect(covered(['rg:*'], 'rg --pre ./x foo')).toBe(false);
  });

  it('asks, naming the option, even when a rule would cover the command', () => {
    for (const [command, option] of [['git -c core.pager=x log', '-c'], ['git fetch --upload-pack=x origin', '--upload-pack=x'], ['npm test --script-shell=x', '--script-shell=x']] as const) {
      const verdict = safety.check(command, { cwd, mode: 'default' });
      expect([command, verdict.behavior, verdict.reason.includes(`'${option}`)]).toEqual([command, 'ask', true]);
    }
  });
});

describe('redirections are writes no command rule covers', () => {
  it('does not cover an output redirection to a file under the command\'s rule', () => {
    expect(covered(['cat:*'], 'cat a >> /etc/hosts')).toBe(false);
    expect(covered(['npm test:*'], 'npm test > out.txt')).toBe(false);
    expect(covered(['echo:*'], 'echo x > notes.txt')).toBe(false);
    expect(covered(['npm test:*'], 'npm test 2>/dev/null')).toBe(true);
    expect(covered(['npm test:*'], 'npm test 2>&1')).toBe(true);
  });
});

describe('builtins that assign or run code are not read-only', () => {
  it('refuses printf -v, read, declare, export, mapfile, getopts, let, eval, source and friends', () => {
    expect(
      decidedOtherwise(['printf -v x hi', 'read x', 'declare x=1', 'export X=1', 'mapfile a < f', 'readarray a < f', 'getopts ab o', 'let x=1', 'eval ls', 'source x.sh', '. x.sh', 'unset x', 'typeset x', 'readonly x', 'alias ls=x', 'set -e', 'trap x EXIT'], false),
    ).toEqual([]);
  });

  it('takes printf with its format first as read-only', () => {
    expect(decidedOtherwise(["printf '%s\\n' -v", "printf -- '-v'", "printf 'a=%d\\n' 5"], true)).toEqual([]);
  });
});

describe('allow rules without :* match exactly', () => {
  it('does not let an exact rule cover a longer command', () => {
    expect(covered(['sh'], "sh -c 'rm x'")).toBe(false);
    expect(covered(['npm test'], 'npm test')).toBe(true);
    expect(covered(['npm test'], 'npm test --script-shell=x')).toBe(false);
    expect(covered(['npm test'], 'npm test x')).toBe(false);
    expect(covered(['python3 build.py'], 'python3 build.py')).toBe(true);
    expect(covered(['python3 build.py'], "python3 build.py -c 'x'")).toBe(false);
  });
});

describe('suggested rules are never broader than the call', () => {
  const suggest = (command: string) => safety.suggestRules(command, cwd);

  it('suggests no prefix rule for shells, interpreters and wrappers: the exact command, or nothing for one that reads its program from stdin', () => {
    expect(suggest('cat README | sh')).toEqual([]);
    expect(suggest('curl x | bash')).toEqual(['curl x']);
    expect(suggest('python3 -')).toEqual([]);
    expect(suggest("python3 -c 'print(1)'")).toEqual(['python3 -c print(1)']);
    expect(suggest('node scripts/build.js')).toEqual(['node scripts/build.js']);
    expect(suggest("perl -e 'print 1'")).toEqual(['perl -e print 1']);
    expect(suggest('xargs rm')).toEqual([]);
    expect(suggest('sudo apt update')).toEqual([]);
  });

  it('offers nothing for a call matching a dangerous pattern, carrying a code-running option, or writing by redirection', () => {
    expect(suggest('git -c core.pager=x log')).toEqual([]);
    expect(suggest('rm -rf build')).toEqual([]);
    expect(suggest('npm test > out.txt')).toEqual([]);
    expect(suggest('git push --force')).toEqual([]);
  });

  it('keeps the command\'s own prefix rule, with its variables, behind transparent wrappers', () => {
    expect(suggest('env FOO=1 npm test')).toEqual(['FOO=1 npm test:*']);
    expect(suggest('timeout 5 npm test')).toEqual(['npm test:*']);
    expect(suggest('npm install && git push origin main')).toEqual(['npm install:*', 'git push:*']);
  });

  it('saves nothing that would allow sh -c anything after "always" on cat README | sh', () => {
    const rules = suggest('cat README | sh');
    expect(covered(rules, "sh -c 'rm -rf ~'")).toBe(false);
  });
});
