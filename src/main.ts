// Process entry: real streams and environment in, exit code out.
import { runCli } from './cli.js';
import { loadModule } from './store/sqlite.js';
import { mark, report } from './util/profile.js';

/** Commands that never open the database: no point compiling SQLite for them. */
const NO_DATABASE = new Set([undefined, '--version', '-V', '--help', '-h', 'help', 'install', 'uninstall', 'hook']);

export async function main(): Promise<void> {
  mark('js loaded');
  // Start compiling the SQLite WASM now: the engine compiles it off the main thread while the
  // command line is parsed and the command's code is loaded.
  const first = process.argv[2];
  if (!NO_DATABASE.has(first) && !process.argv.includes('--help')) void loadModule().catch(() => {});
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

