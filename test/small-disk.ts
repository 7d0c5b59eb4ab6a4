// Real small filesystems for the hostile-disk tests: a tmpfs of a given size, filled to leave a given
// number of bytes free, or remounted read-only. Mounting needs root on Linux; where it is not
// permitted, `canMount` is false and the tests say so in one visible line and skip.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

export const canMount = (() => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'memcue-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/** Prints the visible skip line for a file whose tests need mounts. */
export function sayIfSkipped(what: string): void {
  if (!canMount) console.log(`SKIP ${what}: they need root and tmpfs mounts (run as root on Linux)`);
}

const mounts: string[] = [];
afterEach(() => {
  for (const dir of mounts.splice(0)) {
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A tmpfs of `kb` kilobytes of its own, unmounted after the test. */
export function smallDisk(kb: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'memcue-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir]);
  mounts.push(dir);
  return dir;
}

export function readOnly(dir: string): void {
  execFileSync('mount', ['-o', 'remount,ro', dir]);
}

export function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
}

/** Fills the disk (a file named `filler`) until `leaveBytes` or fewer are free. */
export function fill(dir: string, leaveBytes = 0): void {
  const fd = openSync(join(dir, 'filler'), 'a');
  const page = Buffer.alloc(4096, 1);
  try {
    while (freeBytes(dir) > leaveBytes) writeSync(fd, page);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}
