// Test-only hook: MEMCUE_SYNC_PAUSE_AT=<step> makes sync (or the merge driver it runs through git)
// stop at that named step so a test can kill it there. MEMCUE_SYNC_PAUSE_MARK=<file> is created when
// the pause begins, so the test knows when to kill even when git swallows our stderr;
// MEMCUE_SYNC_PAUSE_MS makes it a delay instead (default: two minutes, i.e. until killed).
import { writeFileSync } from 'node:fs';
type Env = Record<string, string | undefined>;
import { sleepSync } from './sleep.js';

const DEFAULT_PAUSE_MS = 120_000;

export function pauseAt(step: string, env: Env): void {
  if (env.MEMCUE_SYNC_PAUSE_AT !== step) return;
  if (env.MEMCUE_SYNC_PAUSE_MARK) writeFileSync(env.MEMCUE_SYNC_PAUSE_MARK, `${process.pid} ${step}\n`);
  process.stderr.write(`memcue: paused at ${step} (MEMCUE_SYNC_PAUSE_AT)\n`);
  sleepSync(Number(env.MEMCUE_SYNC_PAUSE_MS) || DEFAULT_PAUSE_MS);
}
