// Process entry: real streams and environment in, exit code out.
import { runCli } from './cli.js';
import { mark, report } from './util/profile.js';

export async function main(): Promise<void> {
  mark('js loaded');
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
