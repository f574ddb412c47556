// A real PostgreSQL server for tests, in a temporary directory (initdb + pg_ctl), on a free port of
// 127.0.0.1 with trust authentication, stopped and removed by stop(). Debian keeps the binaries in
// /usr/lib/postgresql/<major>/bin (scripts/setup-system.sh installs them). initdb refuses to run as
// root, so under root (CI) the server runs as the 'postgres' user the Debian package creates (runuser).
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running server. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  port: number;
  /** Stops the server (immediate mode) and removes its directory. */
  stop(): Promise<void>;
}

/** The newest installed major version's bin directory, or undefined. */
function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? undefined : join(root, majors[0], 'bin');
}

/** Why a server cannot be started here (the test then says so and skips), or undefined. */
export function postgresUnavailable(): string | undefined {
  if (!binDir()) return 'PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb is missing): run scripts/setup-system.sh (Debian: apt-get install postgresql)';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return "running as root and there is no 'postgres' user to run initdb as (initdb refuses root)";
  return undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a server; throws with the server's log when it does not come up. */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const unavailable = postgresUnavailable();
  if (!bin || unavailable) throw new Error(unavailable);
  const dir = mkdtempSync(join(tmpdir(), 'tw-pg-'));
  const asRoot = process.getuid?.() === 0;
  let run = (file: string, args: string[]): void => void execFileSync(join(bin, file), args, { stdio: 'pipe' });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
    run = (file, args) => void execFileSync('runuser', ['-u', 'postgres', '--', join(bin, file), ...args], { stdio: 'pipe', cwd: dir });
  }
  const data = join(dir, 'data');
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
    run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start PostgreSQL: ${(error as Error).message}\n${log}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
