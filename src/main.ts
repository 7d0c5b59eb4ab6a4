// Process entry: real streams and environment in, exit code out.
import type { Io } from './context.js';
import { mark, report } from './util/profile.js';
import { readStdin } from './util/stdio.js';

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
  // The CLI (commander and every command's definition) is loaded only here: the entries serve a plain
  // `hook` and a cached `card` without it (src/hook-fast-path.ts).
  const code = await (await import('./cli.js')).runCli(argv, io);
  mark('done');
  report((text) => process.stderr.write(text));
  process.exitCode = code;
}
