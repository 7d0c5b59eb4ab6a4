// `memcue mcp`: an MCP server on stdio for agents that take tools rather than shell hooks (Cursor,
// Claude Desktop, ...). The client spawns it; it ends when the client closes its stdin (no daemon).
// The SDK is loaded only here, so no other command pays for it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../context.js';
import { VERSION } from '../version.js';
import { readFirstMessage } from './first-message.js';
import { instructionsFor } from './instructions.js';
import { callTool, TOOLS } from './tools.js';
import { CallQueue } from './queue.js';

/**
 * How long after the client closed its input the calls it sent still start (queue.ts says why it is
 * bounded). Under the 2 s an SDK client waits before it sends SIGTERM; a call that starts inside the
 * grace may still wait out the busy timeout for another process's lock.
 */
const CLOSING_GRACE_MS = 1500;

export async function run(ctx: Context): Promise<void> {
  // Calls that write run one at a time, reads side by side (queue.ts says why); the card for initialize too.
  const calls = new CallQueue();
  // The card, unless the client's own memcue hook gives it: the client names itself in initialize,
  // so the server is made once that has come (mcp/first-message.ts).
  const { clientName, input } = await readFirstMessage(process.stdin);
  // The SDK's transport does not watch for the end of its input; the client closing it is our exit
  // (the MCP stdio shutdown). The end of `input`, not of process.stdin: it comes only after the
  // transport has been handed every request before it, so each of them is queued by then.
  const inputEnded = new Promise<void>((resolve) => input.once('end', resolve));
  const instructions = await calls.run(() => instructionsFor(ctx, clientName), () => '', false);
  const server = new Server({ name: 'memcue', version: VERSION }, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (req) => calls.run(() => callTool(ctx, req.params.name, req.params.arguments), notRun, !readsOnly(req.params.name)));
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  const connected = server.connect(new StdioServerTransport(input, process.stdout));
  // Every call sent before the end is answered (those reached too late without being run), then the server closes.
  void inputEnded.then(() => connected).then(() => calls.close(CLOSING_GRACE_MS)).then(() => server.close());
  await connected;
  await closed;
}

/** Tools that only read (search, show) run side by side; an unknown name is taken to write. */
const readsOnly = (name: string) => TOOLS.find((t) => t.name === name)?.annotations.readOnlyHint === true;

const notRun = () => ({
  content: [{ type: 'text' as const, text: `not run: the client closed the connection, and this call's turn came more than ${CLOSING_GRACE_MS / 1000} s later` }],
  isError: true,
});
