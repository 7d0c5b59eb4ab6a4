// A raw JSON-RPC session with `memcue mcp` over stdio, for the parallel-calls test and the robustness
// bench: raw (not the SDK client) so the caller decides when requests go out and when stdin closes.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export type McpAnswer = { id?: number; result?: { content: { text: string }[]; isError?: boolean }; error?: unknown };

export interface McpSession {
  child: ChildProcessWithoutNullStreams;
  /** Writes one message (a request when it has an id). */
  send(message: object): void;
  /** The answer to request `id`, once it comes. */
  answer(id: number): Promise<McpAnswer>;
  /** Every answer so far, by request id. */
  answers: Map<number, McpAnswer>;
  /** The exit code, once the server has exited. */
  exited: Promise<number | null>;
}

/** Starts the server and completes the MCP handshake. */
export async function startMcp(binary: string, env: NodeJS.ProcessEnv, cwd: string): Promise<McpSession> {
  const child = spawn(binary, ['mcp'], { env, cwd, stdio: ['pipe', 'pipe', 'pipe'] }) as ChildProcessWithoutNullStreams;
  const answers = new Map<number, McpAnswer>();
  const waiting = new Map<number, (m: McpAnswer) => void>();
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const message = JSON.parse(buffered.slice(0, nl)) as McpAnswer;
      buffered = buffered.slice(nl + 1);
      if (message.id === undefined) continue;
      answers.set(message.id, message);
      waiting.get(message.id)?.(message);
    }
  });
  child.stderr.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const answer = (id: number) => new Promise<McpAnswer>((resolve) => (answers.has(id) ? resolve(answers.get(id)!) : waiting.set(id, resolve)));
  send({ id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memcue-bench', version: '0' } } });
  await answer(0);
  send({ method: 'notifications/initialized' });
  return { child, send, answer, answers, exited };
}

/** A tools/call request for `memcue_add`. */
export function addCall(id: number, text: string): object {
  return { id, method: 'tools/call', params: { name: 'memcue_add', arguments: { text, scope: 'global' } } };
}
