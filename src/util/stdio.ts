// Standard input and output for the entries. Under Bun (the binary) through Bun's own reader and
// writer: setting up Node's process.stdin stream costs ~13 ms of CPU and process.stdout ~3 ms, most
// of what `--version` or a cached hook cost otherwise (bench/RESULTS.md).

interface BunStdio {
  stdin: { text(): Promise<string> };
  stdout: unknown;
  write(destination: unknown, text: string): Promise<number>;
}

function bun(): BunStdio | undefined {
  return (globalThis as { Bun?: BunStdio }).Bun;
}

/** All of standard input, as UTF-8. */
export async function readStdin(): Promise<string> {
  const b = bun();
  if (b) return b.stdin.text();
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes `text` to standard output; a reader that went away (EPIPE) is not an error worth reporting. */
export async function writeStdout(text: string): Promise<void> {
  const b = bun();
  try {
    if (b) await b.write(b.stdout, text);
    else await new Promise<void>((resolve, reject) => process.stdout.once('error', reject).write(text, (err) => (err ? reject(err) : resolve())));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
  }
}
