// The server's instructions depend on the client (mcp/instructions.ts), which names itself in its
// first message: `initialize` (clientInfo), or a request of the newer protocol that carries the
// client's info in `_meta` (Claude Code 2.1 opens with a `server/discover` probe, then sends
// initialize without waiting). The SDK takes instructions once, when the server is made. So the
// first line of stdin is read here, before the server exists, and handed on with everything after it
// to the stdio transport, which then reads the client's messages as if it had read them all itself.
// Only the first: a client may wait for its answer before it sends another.
import { PassThrough, type Readable } from 'node:stream';

export interface FirstMessage {
  /** The client's name, when its first message gives one. */
  clientName: string | undefined;
  /** The whole input again, first line included, for the transport. */
  input: Readable;
}

/** The most of a first line held while waiting for its end. */
const MAX_FIRST_LINE = 1 << 20;

/** Waits for the first line of `stdin` (or its end) without consuming anything the transport needs. */
export function readFirstMessage(stdin: Readable): Promise<FirstMessage> {
  return new Promise((resolve) => {
    const input = new PassThrough();
    const chunks: Buffer[] = [];
    const handOn = () => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.off('error', onEnd);
      stdin.pause();
      const head = Buffer.concat(chunks);
      input.write(head);
      resolve({ clientName: clientNameOf(head), input });
    };
    let held = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      held += chunk.length;
      // A first line past the bound is handed on as it is (the transport answers it): waiting longer
      // for its newline would hold an unbounded input in memory.
      if (!chunk.includes(0x0a) && held < MAX_FIRST_LINE) return;
      handOn();
      stdin.pipe(input); // resumes stdin: the rest flows on, in order, and its end ends `input`
      // A stdin that breaks or is closed without an end ends `input` too: the server then winds down, never waits.
      stdin.once('close', () => input.writableEnded || input.end());
    };
    const onEnd = () => {
      handOn();
      input.end();
    };
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.once('error', onEnd); // a broken stdin ends the input, as its end does: never a wait
  });
}

/** Where the newer protocol puts the client's info in a request's `params._meta`. */
const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';

function clientNameOf(head: Buffer): string | undefined {
  const line = head.subarray(0, head.indexOf(0x0a) < 0 ? head.length : head.indexOf(0x0a)).toString('utf8');
  type Info = { name?: unknown } | undefined;
  try {
    const message = JSON.parse(line) as { method?: unknown; params?: { clientInfo?: Info; _meta?: Record<string, Info> } };
    const name = (message.method === 'initialize' ? message.params?.clientInfo : undefined)?.name ?? message.params?._meta?.[META_CLIENT_INFO]?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined; // not JSON: the transport answers it as the SDK does
  }
}
