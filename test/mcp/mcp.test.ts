// `memcue mcp` against the compiled binary, driven by the MCP SDK's own client over stdio.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, tempDir } from '../helpers.js';

const SENTINEL = 'MCP-SENTINEL-5b1e: run make check before every commit';
const clients: Client[] = [];
afterEach(async () => {
  while (clients.length) await clients.pop()!.close();
});

async function connect(env: Record<string, string>, cwd: string, name = 'memcue-test'): Promise<Client> {
  const client = new Client({ name, version: '0' });
  clients.push(client);
  await client.connect(new StdioClientTransport({ command: BINARY, args: ['mcp'], env, cwd, stderr: 'pipe' }));
  return client;
}

type Content = { content: { type: string; text: string }[]; isError?: boolean };
const textOf = (r: unknown) => (r as Content).content.map((c) => c.text).join('\n');

describe.skipIf(!existsSync(BINARY))('memcue mcp (compiled binary, SDK client)', () => {
  it('gives the card as instructions and lists the four tools', async () => {
    const env = isolatedEnv();
    const cwd = tempDir();
    expect(runProcess(BINARY, ['add', '--kind', 'rule', '--scope', 'global', SENTINEL], { env, cwd }).code).toBe(0);
    const client = await connect(env, cwd);
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('# memcue: long-term memory');
    expect(instructions).toContain(SENTINEL);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['memcue_add', 'memcue_forget', 'memcue_search', 'memcue_show']);
  });

  it("leaves the card to the hook for a client whose memcue hook is installed (it names itself in initialize)", async () => {
    const env = isolatedEnv();
    const cwd = tempDir();
    expect(runProcess(BINARY, ['add', '--kind', 'rule', '--scope', 'global', SENTINEL], { env, cwd }).code).toBe(0);
    expect(runProcess(BINARY, ['install', 'claude'], { env, cwd }).code).toBe(0);
    const claude = (await connect(env, cwd, 'claude-code')).getInstructions() ?? '';
    expect(claude).toContain("reaches this session through memcue's hook");
    expect(claude).not.toContain(SENTINEL);
    expect((await connect(env, cwd, 'gemini-cli-mcp-client')).getInstructions()).toContain(SENTINEL);
  });

  it('adds, searches, shows and forgets a fact; refuses a secret as a tool error', async () => {
    const env = isolatedEnv();
    const client = await connect(env, tempDir());
    const added = (await client.callTool({ name: 'memcue_add', arguments: { text: 'the staging deploy runs from the release branch', kind: 'decision', scope: 'global', keywords: 'стенд' } })) as Content;
    expect(added.isError).toBeFalsy();
    const id = textOf(added).trim();
    expect(id).toMatch(/^\w{4,}$/);

    const found = textOf(await client.callTool({ name: 'memcue_search', arguments: { query: 'staging deploy', in: 'all', kind: 'decision', since: '1d', limit: 3 } }));
    expect(found).toContain(id);
    expect(found).toContain('release branch');
    expect(textOf(await client.callTool({ name: 'memcue_search', arguments: { query: 'стенд' } }))).toContain(id);

    const shown = textOf(await client.callTool({ name: 'memcue_show', arguments: { id } }));
    expect(shown).toContain(`id:      ${id}`);
    expect(shown).toContain('kind:    decision');

    expect(textOf(await client.callTool({ name: 'memcue_forget', arguments: { id } }))).toContain(`forgot ${id}`);
    const after = (await client.callTool({ name: 'memcue_search', arguments: { query: 'staging deploy' } })) as Content;
    expect(after.isError).toBeFalsy();
    expect(textOf(after)).toMatch(/^no facts match "staging deploy"/);

    const secret = (await client.callTool({ name: 'memcue_add', arguments: { text: `the CI token is ghp_${'a'.repeat(36)}` } })) as Content;
    expect(secret.isError).toBe(true);
    expect(textOf(secret)).not.toContain('\n');
    expect(textOf(secret)).toMatch(/secret/i);
    // Nothing was stored.
    expect(runProcess(BINARY, ['list', '--in', 'all', '--json'], { env }).stdout.trim()).toBe('[]');
  });

  it('answers bad arguments and unknown ids with one-line tool errors', async () => {
    const client = await connect(isolatedEnv(), tempDir());
    for (const [name, args, pattern] of [
      ['memcue_show', { id: 'zzzz' }, /no fact/],
      ['memcue_add', { text: 'x', kind: 'wish' }, /kind/],
      ['memcue_add', {}, /missing argument "text"/],
      ['memcue_search', { query: 'x', limit: 0 }, /limit/],
      ['memcue_search', { query: 'x', since: 'yesterday-ish' }, /since|date/i],
    ] as const) {
      const r = (await client.callTool({ name, arguments: args })) as Content;
      expect(r.isError, name).toBe(true);
      expect(textOf(r)).toMatch(pattern);
      expect(textOf(r)).not.toContain('\n');
    }
  });

  it('exits with code 0 when the client closes its stdin', async () => {
    const child = spawn(BINARY, ['mcp'], { env: isolatedEnv(), cwd: tempDir(), stdio: ['pipe', 'pipe', 'pipe'] });
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } } };
    // A binary without the command exits at once: that answers nothing, rather than hanging the test.
    const answered = new Promise<string>((resolve) => {
      child.stdout.once('data', (d: Buffer) => resolve(d.toString()));
      child.once('exit', () => resolve(''));
    });
    child.stdin.write(`${JSON.stringify(init)}\n`);
    expect(await answered).toContain('"serverInfo"');
    const exited = new Promise<[number | null, string | null]>((resolve) => child.once('exit', (code, signal) => resolve([code, signal])));
    child.stdin.end();
    expect(await exited).toEqual([0, null]);
  });
});
