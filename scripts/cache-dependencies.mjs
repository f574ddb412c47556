// Puts every third-party package the published Toolwright packages depend on (transitively, at the
// versions package-lock.json pins) into npm's cache, so that the adoption test (test/adoption/)
// can install the packed tarballs into an empty project with `npm install --offline`.
// `npm ci` alone does not do it: it fetches tarballs by the lockfile's URLs and never the
// packages' metadata documents, which an install without a lockfile needs to resolve a version
// (offline it failed with ENOTCACHED on the first dependency). `npm cache add` fetches both.
// With --prefer-offline what is already cached is not fetched again; run by `pretest`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The workspace folders of the published packages (a package that is private is not published). */
export const PUBLISHED = ['packages/sdk', 'tools', 'packages/providers', 'packages/cli', 'packages/models'];

/** What the adoption tests' projects install besides the tarballs (Node's types; TypeScript, for the project `toolwright init` writes). */
export const PROJECT_DEPENDENCIES = ['@types/node', 'typescript'];

/**
 * Each third-party `name@version` the lockfile installs for the published workspaces: their
 * dependencies, optional and peer dependencies, resolved as Node does (nearest node_modules up).
 */
export function thirdPartyPackages(lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))) {
  const entries = lock.packages;
  const found = new Map();
  const resolve = (from, name) => {
    for (let dir = from; ; dir = posix.dirname(dir)) {
      const key = dir === '.' || dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
      if (entries[key]) return key;
      if (dir === '.' || dir === '') return undefined;
    }
  };
  const visit = (key, from = key) => {
    const entry = typeof key === 'string' ? entries[key] : key;
    if (entry.link) return visit(entry.resolved);
    const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    for (const name of Object.keys(deps)) {
      const depKey = resolve(from, name);
      if (depKey === undefined) continue; // an optional peer nobody installed
      const dep = entries[depKey];
      if (dep.link || PUBLISHED.includes(depKey)) {
        visit(depKey);
        continue;
      }
      const spec = `${name}@${dep.version}`;
      if (found.has(spec)) continue;
      found.set(spec, depKey);
      visit(depKey);
    }
  };
  for (const dir of PUBLISHED) if (entries[dir]) visit(dir);
  visit({ dependencies: Object.fromEntries(PROJECT_DEPENDENCIES.map((name) => [name, '*'])) }, '');
  return [...found.keys()].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const specs = thirdPartyPackages();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['cache', 'add', '--prefer-offline', '--loglevel=error', ...specs], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`cache-dependencies: 'npm cache add' failed (${result.status ?? result.error}); the adoption test installs offline and needs these ${specs.length} packages cached.\n`);
    process.exit(1);
  }
}
