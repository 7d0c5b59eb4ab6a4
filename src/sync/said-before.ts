// What a sync leaves out (a forged or damaged journal line, a row that looks like a secret) stays in
// the memory repo for good: journal files are never changed, and every sync reads them all. Said on
// every sync, the same lines would bury what is new. So each is said once: the sync keeps the keys
// of what it said last in the repo's git folder (local to this machine, never committed) and says
// only what is not among them. What leaves the repo (compaction drops bad lines) leaves the list too,
// so should it come back it is said again.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { readKeptFile, replaceKeptFile } from '../util/safe-file.js';

/** The keys of what the last sync said, or none (no file yet, or one this code cannot read). */
function readSaid(file: string): Set<string> {
  try {
    // Not through a link, never blocking on a FIFO, never more than a list of keys can be.
    const keys = JSON.parse(readKeptFile(file, 64 << 20)?.toString('utf8') ?? '[]') as unknown;
    return new Set(Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * Splits `items` into those not said by the last sync and how many were; then records all of them
 * as said in `file` (the caller prints the new ones).
 */
export function notSaidBefore<T>(file: string, items: T[], keyOf: (item: T) => string): { fresh: T[]; before: number } {
  const said = readSaid(file);
  const keys = items.map(keyOf);
  const fresh = items.filter((_, i) => !said.has(keys[i]!));
  const now = [...new Set(keys)].sort();
  if (now.length !== said.size || fresh.length > 0) {
    mkdirSync(dirname(file), { recursive: true });
    // Written aside, then renamed: a sync killed half-way leaves the last list whole. The temporary
    // is made fresh (O_EXCL|O_NOFOLLOW): a link planted at its name is never written through.
    replaceKeptFile(file, JSON.stringify(now), 0o600);
  }
  return { fresh, before: items.length - fresh.length };
}
