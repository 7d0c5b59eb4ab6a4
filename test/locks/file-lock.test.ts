// sync's one-at-a-time lock (locks/file-lock.ts): its wait yields the event loop. Under vitest only
// this process's own holds are there to wait for (no OS locks in-process: native-locks.ts).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { holdFileLock } from '../../src/locks/file-lock.js';
import { tempDir } from '../helpers.js';

it('a second hold waits, yielding, until the first is released; past its time it names the holder', async () => {
  const path = join(tempDir(), 'sync.lock');
  const release = await holdFileLock(path, 5_000, 'the memory repo');
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 5);
  // Released from a timer: a wait that blocked the event loop would never see it go.
  setTimeout(release, 100);
  const second = await holdFileLock(path, 5_000, 'the memory repo');
  clearInterval(ticker);
  expect(ticks).toBeGreaterThan(3);
  await expect(holdFileLock(path, 50, 'the memory repo')).rejects.toThrow(/the memory repo is busy: .* holds .*sync\.lock; waited 50 ms/);
  second();
});
