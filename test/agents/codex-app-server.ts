// Asks real Codex what it makes of the hooks it finds (`codex app-server`, JSON-RPC on stdio, the
// interface its own UI uses): each hook's name as shown, its key, its hash and its trust status.
import { spawn } from 'node:child_process';

export interface CodexHook {
  key: string;
  command: string;
  statusMessage: string | null;
  currentHash: string;
  trustStatus: string;
}

export function codexHooks(codex: string, env: Record<string, string>, cwd: string): Promise<CodexHook[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(codex, ['app-server'], { env, cwd, stdio: ['pipe', 'pipe', 'ignore'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`codex app-server gave no hooks/list answer: ${out.slice(0, 500)}`));
    }, 30_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const answer = out.split('\n').find((line) => line.startsWith('{"id":2,'));
      if (!answer) return;
      clearTimeout(timer);
      child.kill();
      const data = (JSON.parse(answer) as { result: { data: { hooks: CodexHook[] }[] } }).result.data;
      resolve(data.flatMap((d) => d.hooks));
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...(message as object) })}\n`);
    send({ id: 1, method: 'initialize', params: { clientInfo: { name: 'memcue-test', version: '1' } } });
    send({ method: 'initialized' });
    send({ id: 2, method: 'hooks/list', params: { cwds: [cwd] } });
  });
}
