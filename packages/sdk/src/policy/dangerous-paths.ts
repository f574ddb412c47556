/**
 * Files whose change can run code or leak credentials (compared case-insensitively with a path's
 * last segments). The one list: the file tools' policy and the bash safety analysis both use it.
 */
export const DANGEROUS_FILES: readonly string[] = Object.freeze([
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.bash_login', '.bash_logout', '.zshrc', '.zprofile', '.zshenv', '.profile', '.inputrc',
  '.ssh/config', '.ssh/authorized_keys', '.netrc', '.npmrc', '.pypirc',
  '.env', '.envrc', '.env.local', '.env.development', '.env.development.local', '.env.test', '.env.test.local',
  '.env.staging', '.env.production', '.env.production.local',
]);

/** Directories whose contents are sensitive (any segment of a path, case-insensitive); used like {@link DANGEROUS_FILES}. */
export const DANGEROUS_DIRECTORIES: readonly string[] = Object.freeze(['.git', '.vscode', '.idea', '.ssh', '.aws', '.gnupg', '.kube', '.docker']);

/** Extra entries for {@link dangerousPathReason}. */
export interface DangerousPathOptions {
  /** More file entries (a name, or trailing segments such as `.aws/credentials`). */
  files?: readonly string[];
  /** More directory names. */
  directories?: readonly string[];
}

function segmentsOf(path: string): string[] {
  return path.toLowerCase().split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

function endsWithSegments(segments: readonly string[], entry: string): boolean {
  const tail = segmentsOf(entry);
  if (tail.length === 0 || tail.length > segments.length) return false;
  const offset = segments.length - tail.length;
  return tail.every((s, i) => segments[offset + i] === s);
}

/**
 * Why `path` is sensitive, or undefined. Entries are compared by path segments, not by basename
 * alone, so `.ssh/config` matches `~/.ssh/config` (AgentScope compared the basename `config` with
 * `.ssh/config` and never matched the file entry). The directory check covers every segment, the
 * last included: `.git` itself, `.git/config` and `repo/.git/hooks/x` are all sensitive.
 */
export function dangerousPathReason(path: string, options: DangerousPathOptions = {}): string | undefined {
  const segments = segmentsOf(path);
  for (const entry of [...DANGEROUS_FILES, ...(options.files ?? [])]) {
    if (endsWithSegments(segments, entry)) return `'${path}' is a sensitive file (${entry}).`;
  }
  const directories = [...DANGEROUS_DIRECTORIES, ...(options.directories ?? [])].map((d) => d.toLowerCase());
  const hit = segments.find((s) => directories.includes(s));
  return hit === undefined ? undefined : `'${path}' is inside a sensitive directory (${hit}).`;
}
