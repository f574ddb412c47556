#!/usr/bin/env node
// The `toolwright` command. This file is committed, not built: `npm ci` links a workspace's bin
// before anything is built, and skips a target that does not exist yet, so pointing the bin at
// dist/ left a fresh clone without `npx toolwright`. It loads the built CLI, or says how to build it.
// The CLI runs in this very process (an import, not a child), so SIGINT/SIGTERM sent to the launcher
// reach it directly; behind `npx` (npm exec, then a shell) the CLI leaves when its parent does
// (dist/io/exit-with-parent.js), since npm does not pass a signal on.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write("toolwright: the CLI is not built yet; run 'npm run build' (or 'npm start') at the repository root first.\n");
  process.exit(70);
}
await import(built.href);
