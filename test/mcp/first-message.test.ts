// The first line of the server's stdin is read before the server is made (src/mcp/first-message.ts):
// the client's name comes out of it, and the transport still reads every byte, in order.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readFirstMessage } from '../../src/mcp/first-message.js';

const initialize = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'claude-code', version: '2' } } });
const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });

async function all(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) text += String(chunk);
  return text;
}

describe('readFirstMessage', () => {
  it('takes the name from an initialize that arrives in pieces, and hands on every byte', async () => {
    const stdin = new PassThrough();
    const first = readFirstMessage(stdin);
    stdin.write(initialize.slice(0, 40));
    stdin.write(`${initialize.slice(40)}\n${list.slice(0, 10)}`);
    const { clientName, input } = await first;
    stdin.end(`${list.slice(10)}\n`);
    expect(clientName).toBe('claude-code');
    expect(await all(input)).toBe(`${initialize}\n${list}\n`);
  });

  it("takes the name from the _meta of a newer protocol's first request (Claude Code's server/discover probe)", async () => {
    const probe = JSON.stringify({ jsonrpc: '2.0', id: 'p', method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'claude-code', version: '2.1.332' } } } });
    const stdin = new PassThrough();
    const first = readFirstMessage(stdin);
    stdin.end(`${probe}\n${initialize}\n`);
    expect((await first).clientName).toBe('claude-code');
    expect(await all((await first).input)).toBe(`${probe}\n${initialize}\n`);
  });

  it('hands on a first line past 1 MB without waiting for its end, and never waits on a broken stdin', async () => {
    const long = new PassThrough();
    const first = readFirstMessage(long);
    const blob = 'x'.repeat(1 << 20);
    long.write(blob);
    const { clientName, input } = await first;
    long.end('\n');
    expect(clientName).toBeUndefined();
    expect(await all(input)).toBe(`${blob}\n`);
    const broken = new PassThrough();
    const waiting = readFirstMessage(broken);
    broken.destroy(new Error('EIO'));
    expect((await waiting).clientName).toBeUndefined();
  });

  it('gives no name for another first message, or a stdin that ends before a line', async () => {
    const other = new PassThrough();
    const first = readFirstMessage(other);
    other.end(`${list}\n`);
    expect((await first).clientName).toBeUndefined();
    expect(await all((await first).input)).toBe(`${list}\n`);

    const cut = new PassThrough();
    const second = readFirstMessage(cut);
    cut.end('{"jsonrpc"');
    expect((await second).clientName).toBeUndefined();
    expect(await all((await second).input)).toBe('{"jsonrpc"');
  });
});
