import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// Whether a process of this host is alive: signal 0 checks without sending anything.
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
}

/**
 * Removes what processes killed before they could clean up left in `parent` (SIGKILL runs no exit
 * handler): entries named `<prefix><pid>-…` whose pid is gone. Another user's is left alone.
 */
export function removeDeadPidEntries(parent: string, prefix: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(prefix) ? Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1]) : 0;
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    try {
      rmSync(join(parent, name), { recursive: true, force: true });
    } catch {
      /* another user's: not ours to remove */
    }
  }
}
