// `memcue doctor` on an MCP registration: starts the registered command with its arguments and
// environment, as the client would, and speaks MCP to it (initialize, then tools/list). A server
// that runs `memcue --version` fine can still fail here: a wrong argument (`mcpx`), a missing
// binary, a server that never answers. Whatever is not a memcue server with its tools is reported.
import { spawn } from 'node:child_process';
import type { Env } from '../config.js';
import { VERSION } from '../version.js';
import type { McpLaunch } from './mcp-config.js';
import type { Probe } from './probe.js';

/** Short: a client gives up on a server long before (Claude Code's default is 30 s for all of them). */
export const MCP_TIMEOUT_MS = 10_000;

/** The tools a memcue MCP server lists; fewer means it is not the server the card describes. */
const TOOLS = ['memcue_search', 'memcue_add', 'memcue_show', 'memcue_forget'];

export function runMcp(launch: McpLaunch, env: Env, cwd: string, timeoutMs = MCP_TIMEOUT_MS): Promise<Probe> {
  const command = [launch.command, ...launch.args].join(' ');
  const what = `${command} (MCP initialize, tools/list)`;
  return new Promise((resolve) => {
    let done = false;
    let stdout = '';
    let stderr = '';
    let answer: Pick<Probe, 'result' | 'failed'> | undefined;
    const child = spawn(launch.command, launch.args, {
      env: { ...(env as NodeJS.ProcessEnv), ...launch.env },
      cwd: launch.cwd ?? cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const finish = (probe: Omit<Probe, 'command'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve({ command: what, ...probe });
    };
    const timer = setTimeout(() => {
      finish({ exit_code: null, result: answer ? `${answer.result}, but it did not end when its input closed` : `no MCP answer in ${timeoutMs / 1000} s`, failed: true });
    }, timeoutMs);
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    child.stdin.on('error', () => {}); // a server that exits at once closes the pipe: its exit says why
    child.on('error', (err: NodeJS.ErrnoException) => finish({ exit_code: null, result: err.code === 'ENOENT' ? `cannot start ${launch.command}: not found` : err.message, failed: true }));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      for (;;) {
        const end = stdout.indexOf('\n');
        if (end < 0) return;
        const line = stdout.slice(0, end);
        stdout = stdout.slice(end + 1);
        const message = parse(line);
        if (message?.id === 1) {
          if (!message.result) return void (answer = { result: `initialize failed: ${message.error?.message ?? line.slice(0, 200)}`, failed: true });
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list', params: {} });
        } else if (message?.id === 2) {
          answer = toolsAnswer(message);
          child.stdin.end(); // the server ends when its input closes, as it does when the client quits
        }
      }
    });
    child.on('close', (code) => {
      const firstError = stderr.trim().split('\n')[0] ?? '';
      if (!answer) return finish({ exit_code: code, result: firstError || `exit ${code} before answering initialize`, failed: true });
      finish({ exit_code: code, ...answer, ...(code !== 0 && !answer.failed ? { failed: true } : {}) });
    });
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'memcue-doctor', version: VERSION } } });
  });
}

type Message = { id?: unknown; result?: { tools?: { name?: unknown }[] }; error?: { message?: string } };

function parse(line: string): Message | undefined {
  try {
    return JSON.parse(line) as Message;
  } catch {
    return undefined; // a server's stray output line is not an answer; the timeout catches a silent one
  }
}

function toolsAnswer(message: Message): Pick<Probe, 'result' | 'failed'> {
  const names = (message.result?.tools ?? []).map((t) => String(t?.name));
  const missing = TOOLS.filter((t) => !names.includes(t));
  if (!message.result) return { result: `tools/list failed: ${message.error?.message ?? 'no result'}`, failed: true };
  if (missing.length) return { result: `tools/list has no ${missing.join(', ')} (${names.length} tools: ${names.join(', ') || 'none'})`, failed: true };
  return { result: `${names.length} tools (${names.join(', ')})` };
}
