/**
 * Files whose change can run code or leak credentials (compared case-insensitively with a path's
 * last segments). The one list: the file tools' policy and the bash safety analysis both use it.
 * With the directories below they are the built-in protected paths (see {@link ProtectedPaths}).
 */
export const DANGEROUS_FILES: readonly string[] = Object.freeze([
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.profile', '.inputrc',
  '.ssh/config', '.ssh/authorized_keys', '.netrc', '.npmrc', '.pypirc',
  '.env', '.envrc', '.env.local', '.env.development', '.env.development.local', '.env.test', '.env.test.local',
  '.env.staging', '.env.production', '.env.production.local',
]);

/**
 * Directories whose contents are sensitive (case-insensitive); used like {@link DANGEROUS_FILES}.
 * An entry of one segment (`.git`) matches any segment of a path; an entry of several
 * (`.github/workflows`) matches those segments in a row anywhere in the path.
 */
export const DANGEROUS_DIRECTORIES: readonly string[] = Object.freeze([
  '.git', '.vscode', '.idea', '.ssh', '.aws', '.gnupg', '.kube', '.docker', '.toolwright', '.husky', '.github/workflows',
]);

/** Extra entries for {@link dangerousPathReason}. */
export interface DangerousPathOptions {
  /** More file entries (a name, or trailing segments such as `.aws/credentials`). */
  files?: readonly string[];
  /** More directory entries (a name, or segments in a row such as `.github/workflows`). */
  directories?: readonly string[];
}

function segmentsOf(path: string): string[] {
  return path.toLowerCase().split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/** An entry with its lower-case segments, split once. */
interface PreparedEntry {
  entry: string;
  segments: readonly string[];
}

function prepare(entries: readonly string[]): PreparedEntry[] {
  return entries.map((entry) => ({ entry, segments: segmentsOf(entry) })).filter((e) => e.segments.length > 0);
}

function endsWithSegments(segments: readonly string[], tail: readonly string[]): boolean {
  if (tail.length > segments.length) return false;
  const offset = segments.length - tail.length;
  return tail.every((s, i) => segments[offset + i] === s);
}

function containsSegments(segments: readonly string[], run: readonly string[]): boolean {
  for (let start = 0; start + run.length <= segments.length; start++) {
    if (run.every((s, i) => segments[start + i] === s)) return true;
  }
  return false;
}

const BUILT_IN = { files: prepare(DANGEROUS_FILES), directories: prepare(DANGEROUS_DIRECTORIES) };
/** The lists with an options object's additions, prepared once per options object. */
const withAdditions = new WeakMap<DangerousPathOptions, typeof BUILT_IN>();

function listsOf(options: DangerousPathOptions): typeof BUILT_IN {
  if (!options.files?.length && !options.directories?.length) return BUILT_IN;
  let lists = withAdditions.get(options);
  if (!lists) {
    lists = { files: [...BUILT_IN.files, ...prepare(options.files ?? [])], directories: [...BUILT_IN.directories, ...prepare(options.directories ?? [])] };
    withAdditions.set(options, lists);
  }
  return lists;
}

/** The dangerous entry `path` touches, and whether it is a file or a directory entry. */
export interface DangerousEntry {
  /** The entry as listed (`.ssh/config`, `.git`). */
  entry: string;
  /** Which list it is on. */
  kind: 'file' | 'directory';
}

/**
 * The file or directory entry `path` touches, or undefined. Entries are compared by path segments,
 * not by basename alone, so `.ssh/config` matches `~/.ssh/config` (AgentScope compared the basename
 * `config` with `.ssh/config` and never matched the file entry). The directory check covers every
 * segment, the last included: `.git` itself, `.git/config` and `repo/.git/hooks/x` all match.
 */
export function dangerousEntry(path: string, options: DangerousPathOptions = {}): DangerousEntry | undefined {
  const segments = segmentsOf(path);
  const lists = listsOf(options);
  for (const { entry, segments: tail } of lists.files) {
    if (endsWithSegments(segments, tail)) return { entry, kind: 'file' };
  }
  for (const { entry, segments: run } of lists.directories) {
    if (containsSegments(segments, run)) return { entry, kind: 'directory' };
  }
  return undefined;
}

/** Why `path` is sensitive, or undefined (see {@link dangerousEntry}). */
export function dangerousPathReason(path: string, options: DangerousPathOptions = {}): string | undefined {
  const hit = dangerousEntry(path, options);
  if (!hit) return undefined;
  return hit.kind === 'file' ? `'${path}' is a sensitive file (${hit.entry}).` : `'${path}' is inside a sensitive directory (${hit.entry}).`;
}
