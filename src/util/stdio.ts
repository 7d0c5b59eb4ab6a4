// Standard input and output of the executable (src/start.ts, which runs only under Bun), through Bun's
// own reader and writer: setting up Node's process.stdin stream costs ~13 ms of CPU and process.stdout
// ~3 ms, most of what `--version` or a cached hook cost otherwise (bench/RESULTS.md).
import { readBounded } from './line-bound.js';

interface BunStdio {
  stdin: { text(): Promise<string>; stream(): ReadableStream<Uint8Array> & AsyncIterable<Uint8Array> };
  stdout: unknown;
  write(destination: unknown, text: string): Promise<number>;
}

const bun = (globalThis as unknown as { Bun: BunStdio }).Bun;

/**
 * All of standard input, as UTF-8. With bounds, the bytes are counted as they arrive, and reading
 * stops at the first line longer than `maxLineBytes` or once there are more than `maxBytes` in all
 * (line-bound.ts LineTooLong, InputTooLong): a 400 MB line from a pipe, or /dev/zero, is refused
 * after about that much read, never held whole.
 */
export async function readStdin(maxLineBytes = Number.POSITIVE_INFINITY, maxBytes = Number.POSITIVE_INFINITY): Promise<string> {
  if (maxLineBytes === Number.POSITIVE_INFINITY && maxBytes === Number.POSITIVE_INFINITY) return bun.stdin.text();
  return readBounded(bun.stdin.stream(), maxLineBytes, maxBytes);
}

/**
 * At most one JSON value from standard input, for a hook: an agent client may keep the pipe open
 * after its JSON (or never write), and stdin may be /dev/zero. Reading stops when the first value
 * is complete (its brackets balanced), when the first character cannot start an object or a list,
 * past `maxBytes`, at the end of input, or after `waitMs`; the caller parses what was read (a cut
 * value fails to parse). Stdin is let go, so the process can end with the pipe still open.
 */
export async function readJsonValue(maxBytes: number, waitMs: number): Promise<string> {
  const scan = new JsonValueEnd();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = bun.stdin.stream().getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), waitMs)));
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (!next || next.done) break;
      const end = scan.feed(next.value);
      const kept = next.value.subarray(0, Math.min(end ?? next.value.length, maxBytes - size));
      chunks.push(kept);
      size += kept.length;
      if (end !== undefined || size >= maxBytes) break;
    }
  } finally {
    clearTimeout(timer);
    // Nothing more is read: an open pipe must not keep the process alive.
    reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Finds where the first JSON value in a stream of bytes ends (only brackets and strings matter). */
class JsonValueEnd {
  private depth = 0;
  private started = false;
  private inString = false;
  private escaped = false;

  /** The offset in `chunk` just past the value's end (or past a byte that cannot start one); undefined: read on. */
  feed(chunk: Uint8Array): number | undefined {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (!this.started) {
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
        if (c !== 0x7b && c !== 0x5b) return i + 1; // not `{` or `[`: not the input a hook takes
        this.started = true;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) this.depth++;
      else if ((c === 0x7d || c === 0x5d) && --this.depth === 0) return i + 1;
    }
    return undefined;
  }
}

/** Writes `text` to standard output; a reader that went away (EPIPE) is not an error worth reporting. */
export async function writeStdout(text: string): Promise<void> {
  try {
    await bun.write(bun.stdout, text);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPIPE') throw err;
  }
}
