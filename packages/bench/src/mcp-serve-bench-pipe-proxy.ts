/**
 * The floor of the `mcp-serve` bench: a process between client and upstream that parses nothing,
 * only copies bytes both ways (`node pipe-proxy.js <upstream.js>`): what the extra hop alone costs.
 */
import { spawn } from 'node:child_process';
import process from 'node:process';

const child = spawn(process.execPath, [process.argv[2]!], { stdio: ['pipe', 'pipe', 'ignore'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
process.stdin.on('end', () => child.kill());
