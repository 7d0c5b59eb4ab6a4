// Process entry: real streams and environment in, exit code out.
import type { Io } from './context.js';
import { plainHookArgs, runPlainHook } from './hook-fast-path.js';
import { mark, report } from './util/profile.js';

export async function main(): Promise<void> {
  // The SQLite WASM is already compiling (src/early-start.ts, run by the entries).
  mark('js loaded');
  // `memcue list | head -1`: a reader that went away is not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  const argv = process.argv.slice(2);
  const io: Io = {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
    readStdin,
  };
  const hookArgs = plainHookArgs(argv);
  // The CLI (commander and every command's definition) is loaded only when needed.
  const code = (hookArgs && (await runPlainHook(hookArgs, io))) ?? (await (await import('./cli.js')).runCli(argv, io));
  mark('done');
  report((text) => process.stderr.write(text));
  process.exitCode = code;
}

/**
 * All of standard input. Under Bun (the binary) through Bun's own reader: setting up Node's
 * process.stdin stream there costs ~13 ms of CPU, most of a cached hook's time (bench/RESULTS.md).
 */
async function readStdin(): Promise<string> {
  const bun = (globalThis as { Bun?: { stdin: { text(): Promise<string> } } }).Bun;
  if (bun) return bun.stdin.text();
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
