// `memcue mcp`: an MCP server on stdio for agents that take tools rather than shell hooks (Cursor,
// Claude Desktop, ...). The client spawns it; it ends when the client closes its stdin (no daemon).
// The SDK is loaded only here, so no other command pays for it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../context.js';
import { VERSION } from '../version.js';
import { readFirstMessage } from '../mcp/first-message.js';
import { instructionsFor } from '../mcp/instructions.js';
import { callTool, TOOLS } from '../mcp/tools.js';
import { CallQueue } from '../mcp/queue.js';

export async function run(ctx: Context): Promise<void> {
  // The SDK's transport does not watch for the end of stdin; the client closing it is our exit
  // (the MCP stdio shutdown). Watched from the start: a client may close right after initialize.
  const stdinEnded = new Promise<void>((resolve) => {
    process.stdin.once('end', resolve);
    process.stdin.once('close', resolve);
  });
  // Whatever opens the database runs one at a time (queue.ts says why), the card for initialize too.
  const calls = new CallQueue();
  // The card, unless the client's own memcue hook gives it: the client names itself in initialize,
  // so the server is made once that has come (mcp/first-message.ts).
  const { clientName, input } = await readFirstMessage(process.stdin);
  const instructions = await calls.run(() => instructionsFor(ctx, clientName), () => '');
  const server = new Server({ name: 'memcue', version: VERSION }, { capabilities: { tools: {} }, instructions });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (req) => calls.run(() => callTool(ctx, req.params.name, req.params.arguments), shuttingDown));
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  const connected = server.connect(new StdioServerTransport(input, process.stdout));
  // The call in progress finishes, so a write lands whole or not at all; calls still queued are not run.
  void stdinEnded.then(() => connected).then(() => calls.close()).then(() => server.close());
  await connected;
  await closed;
}

const shuttingDown = () => ({ content: [{ type: 'text' as const, text: 'not run: the client closed the connection' }], isError: true });
