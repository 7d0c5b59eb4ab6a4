// `memcue mcp`: an MCP server on stdio for agents that take tools rather than shell hooks (Cursor,
// Claude Desktop, ...). The client spawns it; it ends when the client closes its stdin (no daemon).
// The SDK is loaded only here, so no other command pays for it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from '../context.js';
import { VERSION } from '../version.js';
import { instructionsFor, instructionsPerClient } from '../mcp/instructions.js';
import { callTool, TOOLS } from '../mcp/tools.js';
import { CallQueue } from '../mcp/queue.js';

export async function run(ctx: Context): Promise<void> {
  const server = new Server({ name: 'memcue', version: VERSION }, { capabilities: { tools: {} } });
  // Whatever opens the database runs one at a time (queue.ts says why): the card for initialize too,
  // since a client may send calls before it has the answer. A call queued when the client leaves is not run.
  const calls = new CallQueue();
  // The card, unless the client's own memcue hook gives it (mcp/instructions.ts).
  instructionsPerClient(server, (client) => calls.run(() => instructionsFor(ctx, client), () => ''));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (req) => calls.run(() => callTool(ctx, req.params.name, req.params.arguments), shuttingDown));
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    // The SDK's transport does not watch for the end of stdin; the client closing it is our exit
    // (the MCP stdio shutdown): the call in progress finishes, so a write lands whole or not at all.
    const leave = () => void calls.close().then(() => server.close());
    process.stdin.once('end', leave);
    process.stdin.once('close', leave);
  });
  await server.connect(new StdioServerTransport());
  await closed;
}

const shuttingDown = () => ({ content: [{ type: 'text' as const, text: 'not run: the client closed the connection' }], isError: true });
