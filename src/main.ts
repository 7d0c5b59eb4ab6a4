// Process entry: real streams and environment in, exit code out.
import { runCli } from './cli.js';
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
  const code = await runCli(process.argv.slice(2), {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTTY: process.stderr.isTTY === true,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  });
  mark('done');
  report((text) => process.stderr.write(text));
  process.exitCode = code;
}

