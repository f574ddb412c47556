import type { FlagSpec } from './flag-spec.js';

/**
 * The allowlist of read-only commands and, per command, the options known to be safe, taken from
 * the `--help` / man page of the versions on Debian 12 (coreutils 9.1, grep 3.8, findutils 4.9,
 * diffutils 3.8, ripgrep 13, jq 1.6, file 5.44, util-linux 2.38, tree 2.1). Options that write a
 * file, run a program, or change something are listed as unsafe (GNU tools resolve abbreviated
 * long options against the whole list, so `sort --outp=x` is `--output`). `find` and `git` have
 * their own checks (`find-expression.ts`, `git-read-only.ts`); `sed` is checked by `sed-check.ts`.
 */
const GNU = ['help', 'version'];

const CHECKSUM: FlagSpec = { short: 'bctwz', long: [...GNU, 'binary', 'check', 'tag', 'text', 'zero', 'ignore-missing', 'quiet', 'status', 'strict', 'warn'] };
const GREP: FlagSpec = {
  short: 'EFGPiyvwxcLloqsbHhnTZzaIrRUV',
  shortValue: 'efmABCdD',
  numeric: true,
  long: [
    ...GNU, 'extended-regexp', 'fixed-strings', 'basic-regexp', 'perl-regexp', 'regexp=', 'file=', 'ignore-case', 'no-ignore-case', 'word-regexp', 'line-regexp',
    'null-data', 'no-messages', 'invert-match', 'max-count=', 'byte-offset', 'line-number', 'line-buffered', 'with-filename', 'no-filename', 'label=',
    'only-matching', 'quiet', 'silent', 'binary-files=', 'text', 'devices=', 'directories=', 'exclude=', 'exclude-from=', 'exclude-dir=', 'include=',
    'recursive', 'dereference-recursive', 'files-without-match', 'files-with-matches', 'count', 'initial-tab', 'null', 'before-context=', 'after-context=',
    'context=', 'group-separator=', 'no-group-separator', 'color?', 'colour?', 'binary',
  ],
};

const NPM_LS: FlagSpec = {
  short: 'agp',
  abbreviations: false,
  long: ['all', 'json', 'long', 'parseable', 'global', 'depth=', 'omit=', 'include=', 'link', 'package-lock-only', 'unicode', 'workspace=', 'workspaces', 'include-workspace-root', 'install-links'],
};
const PIP_SHOW: FlagSpec = { short: 'fvq', abbreviations: false, long: ['files', 'verbose', 'quiet', 'no-color', 'disable-pip-version-check', 'isolated'] };
// --outdated / --uptodate query the package index
const PIP_LIST: FlagSpec = {
  short: 'lvqe',
  abbreviations: false,
  long: ['local', 'user', 'path=', 'format=', 'not-required', 'exclude-editable', 'include-editable', 'editable', 'exclude=', 'verbose', 'quiet', 'no-color', 'disable-pip-version-check', 'isolated'],
};

/** Commands that only read, with their safe options. */
export const READ_ONLY_COMMANDS: Readonly<Record<string, FlagSpec>> = {
  ls: {
    short: 'aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZ1',
    shortValue: 'ITw',
    long: [
      ...GNU, 'all', 'almost-all', 'author', 'escape', 'block-size=', 'ignore-backups', 'color?', 'classify?', 'file-type', 'format=', 'full-time',
      'group-directories-first', 'no-group', 'human-readable', 'si', 'dereference-command-line', 'dereference-command-line-symlink-to-dir', 'hide=',
      'hyperlink?', 'indicator-style=', 'inode', 'ignore=', 'kibibytes', 'dereference', 'literal', 'numeric-uid-gid', 'hide-control-chars',
      'show-control-chars', 'quote-name', 'quoting-style=', 'reverse', 'recursive', 'size', 'sort=', 'time=', 'time-style=', 'tabsize=', 'width=',
      'context', 'zero', 'directory', 'dired',
    ],
  },
  cat: { short: 'AbeEnstTuv', long: [...GNU, 'show-all', 'number-nonblank', 'show-ends', 'number', 'squeeze-blank', 'show-tabs', 'show-nonprinting'] },
  head: { short: 'qvz', shortValue: 'cn', numeric: true, long: [...GNU, 'bytes=', 'lines=', 'quiet', 'silent', 'verbose', 'zero-terminated'] },
  tail: {
    short: 'fFqvz',
    shortValue: 'cns',
    numeric: true,
    long: [...GNU, 'bytes=', 'follow?', 'lines=', 'max-unchanged-stats=', 'pid=', 'quiet', 'silent', 'retry', 'sleep-interval=', 'verbose', 'zero-terminated'],
  },
  wc: { short: 'cmlLw', long: [...GNU, 'bytes', 'chars', 'lines', 'files0-from=', 'max-line-length', 'words', 'total='] },
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
  rg: {
    short: 'bscFlLhivnxUINoPpqaSuVHw',
    shortValue: 'ABCEfgjMmertT',
    abbreviations: false,
    long: [
      'help', 'version', 'after-context=', 'auto-hybrid-regex', 'before-context=', 'binary', 'block-buffered', 'byte-offset', 'case-sensitive', 'color=',
      'colors=', 'column', 'context=', 'context-separator=', 'no-context-separator', 'count', 'count-matches', 'crlf', 'debug', 'dfa-size-limit=',
      'encoding=', 'engine=', 'field-context-separator=', 'field-match-separator=', 'file=', 'files', 'files-with-matches', 'files-without-match',
      'fixed-strings', 'follow', 'glob=', 'glob-case-insensitive', 'heading', 'hidden', 'iglob=', 'ignore-case', 'ignore-file=', 'ignore-file-case-insensitive',
      'include-zero', 'invert-match', 'json', 'line-buffered', 'line-number', 'line-regexp', 'max-columns=', 'max-columns-preview', 'max-count=',
      'max-depth=', 'max-filesize=', 'mmap', 'multiline', 'multiline-dotall', 'no-config', 'no-filename', 'no-heading', 'no-hidden', 'no-ignore',
      'no-ignore-dot', 'no-ignore-exclude', 'no-ignore-files', 'no-ignore-global', 'no-ignore-messages', 'no-ignore-parent', 'no-ignore-vcs',
      'no-line-number', 'no-messages', 'no-mmap', 'no-pcre2-unicode', 'no-require-git', 'no-unicode', 'null', 'null-data', 'one-file-system',
      'only-matching', 'passthru', 'path-separator=', 'pcre2', 'pcre2-version', 'pretty', 'quiet', 'regex-size-limit=', 'regexp=', 'replace=',
      'smart-case', 'sort=', 'sortr=', 'stats', 'text', 'threads=', 'trim', 'type=', 'type-list', 'type-add=', 'type-clear=', 'type-not=',
      'unrestricted', 'vimgrep', 'with-filename', 'word-regexp',
    ],
    // --pre runs a program on every file; -z/--search-zip runs decompression programs
    unsafeShort: 'z',
    unsafeLong: ['pre=', 'pre-glob=', 'search-zip'],
  },
  tree: {
    short: 'adlfxqNQpugshDFvtcUriASnCXJ',
    shortValue: 'LPIHT',
    abbreviations: false,
    long: [
      'help', 'version', 'gitignore', 'ignore-case', 'matchdirs', 'metafirst', 'prune', 'info', 'noreport', 'charset=', 'filelimit=', 'timefmt=',
      'si', 'du', 'inodes', 'device', 'dirsfirst', 'filesfirst', 'sort=', 'nolinks', 'fromfile', 'fromtabfile', 'fflinks', 'noindent', 'condense',
    ],
    // -o writes the listing to a file; -R runs tree again with `-o 00Tree.html` in every directory
    unsafeShort: 'oR',
  },
  pwd: { short: 'LP', long: [], abbreviations: false },
  cd: { short: 'LPe@', long: [], abbreviations: false, optionsFirst: true, maxOperands: 1 },
  which: { short: 'as', long: [], abbreviations: false },
  type: { short: 'afpPt', long: [], abbreviations: false, optionsFirst: true },
  whereis: { short: 'bmsul', long: [], abbreviations: false },
  basename: { short: 'az', shortValue: 's', long: [...GNU, 'multiple', 'suffix=', 'zero'] },
  dirname: { short: 'z', long: [...GNU, 'zero'] },
  realpath: { short: 'emLPqsz', long: [...GNU, 'canonicalize-existing', 'canonicalize-missing', 'logical', 'physical', 'quiet', 'relative-to=', 'relative-base=', 'strip', 'no-symlinks', 'zero'] },
  readlink: { short: 'femnqsvz', long: [...GNU, 'canonicalize', 'canonicalize-existing', 'canonicalize-missing', 'no-newline', 'quiet', 'silent', 'verbose', 'zero'] },
  du: {
    short: '0abcDhHklLmPsSx',
    shortValue: 'BdtX',
    long: [
      ...GNU, 'null', 'all', 'apparent-size', 'block-size=', 'bytes', 'total', 'dereference-args', 'max-depth=', 'files0-from=', 'human-readable', 'inodes',
      'dereference', 'count-links', 'no-dereference', 'separate-dirs', 'si', 'summarize', 'threshold=', 'time?', 'time-style=', 'exclude-from=', 'exclude=',
      'one-file-system',
    ],
  },
  df: {
    short: 'ahHiklPTv',
    shortValue: 'Btx',
    long: [...GNU, 'all', 'block-size=', 'human-readable', 'si', 'inodes', 'local', 'no-sync', 'output?', 'portability', 'total', 'type=', 'print-type', 'exclude-type='],
    // --sync flushes every file system before reading its usage
    unsafeLong: ['sync'],
  },
  whoami: { short: '', long: GNU },
  id: { short: 'agGnruzZ', long: [...GNU, 'context', 'group', 'groups', 'name', 'real', 'user', 'zero'] },
  uname: { short: 'asnrvmpio', long: [...GNU, 'all', 'kernel-name', 'nodename', 'kernel-release', 'kernel-version', 'machine', 'processor', 'hardware-platform', 'operating-system'] },
  cut: { short: 'nsz', shortValue: 'bcdf', long: [...GNU, 'bytes=', 'characters=', 'delimiter=', 'fields=', 'complement', 'only-delimited', 'output-delimiter=', 'zero-terminated'] },
  sort: {
    short: 'bdfgiMhnRrVcCmsuz',
    shortValue: 'kSt',
    long: [
      ...GNU, 'ignore-leading-blanks', 'dictionary-order', 'ignore-case', 'general-numeric-sort', 'ignore-nonprinting', 'month-sort', 'human-numeric-sort',
      'numeric-sort', 'random-sort', 'random-source=', 'reverse', 'sort=', 'version-sort', 'batch-size=', 'check?', 'debug', 'files0-from=', 'key=',
      'merge', 'stable', 'buffer-size=', 'field-separator=', 'parallel=', 'unique', 'zero-terminated',
    ],
    // -o writes the output to a file, -T writes temporary files in a directory, --compress-program runs a program
    unsafeShort: 'oT',
    unsafeLong: ['output=', 'temporary-directory=', 'compress-program='],
  },
  uniq: {
    short: 'cdDiuz',
    shortValue: 'fsw',
    long: [...GNU, 'count', 'repeated', 'all-repeated?', 'skip-fields=', 'group?', 'ignore-case', 'skip-chars=', 'unique', 'zero-terminated', 'check-chars='],
    maxOperands: 1, // a second operand is the file uniq writes
  },
  tr: { short: 'cCdst', long: [...GNU, 'complement', 'delete', 'squeeze-repeats', 'truncate-set1'] },
  diff: {
    short: 'abBcdeEfiNnpqrstTuvwyZ',
    shortValue: 'CDFISUWxX',
    numeric: true,
    long: [
      ...GNU, 'normal', 'brief', 'report-identical-files', 'context?', 'unified?', 'ed', 'rcs', 'side-by-side', 'width=', 'left-column',
      'suppress-common-lines', 'show-c-function', 'show-function-line=', 'label=', 'expand-tabs', 'initial-tab', 'tabsize=', 'suppress-blank-empty',
      'new-file', 'unidirectional-new-file', 'ignore-file-name-case', 'no-ignore-file-name-case', 'exclude=', 'exclude-from=', 'starting-file=',
      'from-file=', 'to-file=', 'ignore-case', 'ignore-tab-expansion', 'ignore-trailing-space', 'ignore-space-change', 'ignore-all-space',
      'ignore-blank-lines', 'ignore-matching-lines=', 'text', 'strip-trailing-cr', 'ifdef=', 'old-group-format=', 'new-group-format=',
      'unchanged-group-format=', 'changed-group-format=', 'line-format=', 'old-line-format=', 'new-line-format=', 'unchanged-line-format=', 'minimal',
      'horizon-lines=', 'speed-large-files', 'color?', 'palette=', 'recursive', 'no-dereference',
    ],
    // -l / --paginate runs the output through `pr`
    unsafeShort: 'l',
    unsafeLong: ['paginate'],
  },
  cmp: { short: 'blsv', shortValue: 'in', long: [...GNU, 'print-bytes', 'ignore-initial=', 'verbose', 'bytes=', 'quiet', 'silent'] },
  comm: { short: '123z', long: [...GNU, 'check-order', 'nocheck-order', 'output-delimiter=', 'total', 'zero-terminated'] },
  nl: { short: 'p', shortValue: 'bdfhilnsvw', long: [...GNU, 'body-numbering=', 'section-delimiter=', 'footer-numbering=', 'header-numbering=', 'line-increment=', 'join-blank-lines=', 'number-format=', 'no-renumber', 'number-separator=', 'starting-line-number=', 'number-width='] },
  od: {
    short: 'vabcdfilox',
    shortValue: 'AjNt',
    shortOptional: 'Sw',
    long: [...GNU, 'address-radix=', 'endian=', 'skip-bytes=', 'read-bytes=', 'strings?', 'format=', 'output-duplicates', 'width?', 'traditional'],
  },
  hexdump: {
    short: 'bcCdovx',
    shortValue: 'efns',
    long: [...GNU, 'one-byte-octal', 'one-byte-char', 'canonical', 'two-bytes-decimal', 'two-bytes-octal', 'two-bytes-hex', 'format=', 'format-file=', 'length=', 'skip=', 'no-squeezing', 'color?'],
  },
  md5sum: CHECKSUM,
  sha1sum: CHECKSUM,
  sha224sum: CHECKSUM,
  sha256sum: CHECKSUM,
  sha384sum: CHECKSUM,
  sha512sum: CHECKSUM,
  b2sum: { ...CHECKSUM, shortValue: 'l', long: [...CHECKSUM.long, 'length='] },
  jq: {
    short: 'cnesrajSCMR',
    shortValue: 'fL',
    abbreviations: false,
    long: [
      'help', 'version', 'seq', 'stream', 'slurp', 'raw-input', 'null-input', 'compact-output', 'tab', 'indent=', 'color-output', 'monochrome-output',
      'ascii-output', 'unbuffered', 'sort-keys', 'raw-output', 'join-output', 'exit-status', 'from-file=', 'arg==', 'argjson==', 'slurpfile==',
      'rawfile==', 'args', 'jsonargs',
    ],
  },
  stat: { short: 'Lft', shortValue: 'c', long: [...GNU, 'dereference', 'file-system', 'cached=', 'format=', 'printf=', 'terse'] },
  file: {
    short: 'bcdEhiklLNnr0sv',
    shortValue: 'eFfmP',
    long: [
      ...GNU, 'apple', 'extension', 'mime-encoding', 'mime-type', 'brief', 'checking-printout', 'debug', 'exclude=', 'exclude-quiet=', 'files-from=',
      'separator=', 'mime', 'keep-going', 'list', 'dereference', 'magic-file=', 'no-dereference', 'no-buffer', 'no-pad', 'print0', 'raw', 'special-files',
      'parameter=',
    ],
    // -C compiles a magic file (writes it), -p restores access times (writes them), -z/-Z run decompressors, -S turns the sandbox off
    unsafeShort: 'CpzZS',
    unsafeLong: ['compile', 'preserve-date', 'uncompress', 'uncompress-noreport', 'no-sandbox'],
  },
  printenv: { short: '0', long: [...GNU, 'null'] },
  date: {
    short: 'Ru',
    shortValue: 'dfr',
    shortOptional: 'I',
    long: [...GNU, 'date=', 'debug', 'file=', 'iso-8601?', 'resolution', 'rfc-email', 'rfc-3339=', 'reference=', 'utc', 'universal'],
    // -s / --set, and an operand that is not a +FORMAT, set the clock
    unsafeShort: 's',
    unsafeLong: ['set='],
    operand: (value) => value.startsWith('+'),
  },
  echo: { short: '', long: [], anyArguments: true },
  test: { short: '', long: [], anyArguments: true },
  '[': { short: '', long: [], anyArguments: true },
  true: { short: '', long: [], anyArguments: true },
  false: { short: '', long: [], anyArguments: true },
  ':': { short: '', long: [], anyArguments: true },
  // package managers and interpreters: listing and version queries only (exact option names: npm and pip accept abbreviations of their own)
  'npm ls': NPM_LS,
  'npm list': NPM_LS,
  'pip show': PIP_SHOW,
  'pip3 show': PIP_SHOW,
  'pip list': PIP_LIST,
  'pip3 list': PIP_LIST,
  // `printf -v NAME` assigns a variable: printf takes no option, and its format comes first
  printf: { short: '', long: [], abbreviations: false, optionsFirst: true, unsafeShort: 'v' },
};
