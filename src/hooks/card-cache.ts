// Session starts far outnumber writes, and opening SQLite (compiling the WASM) is most of a hook's
// time. So a card is cached per (database, repository) under a fingerprint of the database file:
// SQLite's file change counter (header offset 24, bumped by every committed write transaction in
// rollback-journal mode, the only mode our build has), size, mtime and inode. A hot journal means a
// write is in flight or was interrupted: then the cache is not used and SQLite itself is asked.
import { heldDescriptor } from '../store/native-locks.js';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Env } from '../config.js';
import { VERSION } from '../version.js';
import type { Card } from './card.js';
import { cacheDir } from './paths.js';

/** Bumped when the card's layout or content rules change, so older cached cards are not served. */
const CARD_FORMAT = 1;

/** A string that changes whenever the database content may have changed; undefined: don't cache. */
export function dbFingerprint(dbPath: string): string | undefined {
  try {
    if (existsSync(`${dbPath}-journal`) && statSync(`${dbPath}-journal`).size > 0) return undefined;
    const stat = statSync(dbPath);
    const header = Buffer.alloc(100);
    // Through the lock descriptor when this process holds one: closing another would drop its locks.
    const held = heldDescriptor(dbPath);
    const fd = held ?? openSync(dbPath, 'r');
    try {
      if (readSync(fd, header, 0, 100, 0) < 100) return undefined;
    } finally {
      if (held === undefined) closeSync(fd);
    }
    if (header.toString('latin1', 0, 16) !== 'SQLite format 3\0') return undefined;
    const changeCounter = header.readUInt32BE(24);
    return [CARD_FORMAT, VERSION, changeCounter, stat.size, stat.mtimeMs, stat.ino].join('|');
  } catch {
    return undefined;
  }
}

/** SHA-256 in hex. Under Bun with Bun's own hasher: importing node:crypto costs Bun ~2.4 ms, a quarter of a cached hook. */
function sha256(text: string): string {
  const bun = (globalThis as { Bun?: { CryptoHasher: new (algorithm: 'sha256') => { update(t: string): { digest(e: 'hex'): string } } } }).Bun;
  if (bun) return new bun.CryptoHasher('sha256').update(text).digest('hex');
  const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(text).digest('hex');
}

function cacheFile(env: Env, dbPath: string, repoId: string | undefined): string {
  const name = sha256(`${dbPath}\0${repoId ?? ''}`).slice(0, 24);
  return join(cacheDir(env), 'cards', `${name}.json`);
}

export function readCachedCard(env: Env, dbPath: string, repoId: string | undefined, fingerprint: string): Card | undefined {
  try {
    const saved = JSON.parse(readFileSync(cacheFile(env, dbPath, repoId), 'utf8')) as { fingerprint?: string; db?: string; card?: Card };
    return saved.fingerprint === fingerprint && saved.db === dbPath ? saved.card : undefined;
  } catch {
    return undefined;
  }
}

/** The card cached last for this database and repository, however old: the hook's fallback. */
export function readLastCard(env: Env, dbPath: string, repoId: string | undefined): { card: Card; savedAt: Date } | undefined {
  try {
    const file = cacheFile(env, dbPath, repoId);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { db?: string; card?: Card };
    return saved.db === dbPath && saved.card ? { card: saved.card, savedAt: statSync(file).mtime } : undefined;
  } catch {
    return undefined;
  }
}

/** Best effort: a read-only or full cache folder only costs speed. Written whole, then renamed. */
export function writeCachedCard(env: Env, dbPath: string, repoId: string | undefined, fingerprint: string, card: Card): void {
  try {
    const file = cacheFile(env, dbPath, repoId);
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ fingerprint, db: dbPath, card }));
    renameSync(tmp, file);
  } catch {
    // ignore: the next call computes the card again
  }
}
