// A memcue reader run as another user (nobody, through setpriv): a reader that may only read the
// database file or its folder. Root only.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers.js';

const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups'];
export const canRunAsNobody = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');

export interface StoppedReader {
  kill(): Promise<number | null>;
  /** Lets it go on and waits for its end. */
  finish(): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** `reader <args>` as nobody, stopped with SIGSTOP once its first output arrived (part way through its read). */
export async function stoppedReader(env: Record<string, string>, args: string[], reader: string[]): Promise<StoppedReader> {
  const home = tempDir();
  chmodSync(home, 0o777);
  const child = spawn('setpriv', [...NOBODY, ...reader, ...args], {
    env: { ...env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_STATE_HOME: join(home, 'state') },
    cwd: home,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (!stdout) child.kill('SIGSTOP');
      stdout += chunk;
      resolve();
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    void exited.then(() => reject(new Error(`the reader ended before it was stopped: ${stderr}`)));
  });
  return {
    kill: async () => (child.kill('SIGKILL'), await exited),
    finish: async () => {
      child.kill('SIGCONT');
      const code = await exited;
      return { code, stdout, stderr };
    },
  };
}
