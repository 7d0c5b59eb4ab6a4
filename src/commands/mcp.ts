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

export async function run(ctx: Context): Promise<void> {
  const server = new Server({ name: 'memcue', version: VERSION }, { capabilities: { tools: {} } });
  // The card, unless the client's own memcue hook gives it (mcp/instructions.ts).
  instructionsPerClient(server, (client) => instructionsFor(ctx, client));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => callTool(ctx, req.params.name, req.params.arguments));
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    // The SDK's transport does not watch for the end of stdin; the client closing it is our exit.
    process.stdin.once('end', () => void server.close());
    process.stdin.once('close', () => void server.close());
  });
  await server.connect(new StdioServerTransport());
  await closed;
}
