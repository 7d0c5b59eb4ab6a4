// Session starts far outnumber writes, and opening SQLite (compiling the WASM) is most of a hook's
// time. So a card is cached per (database, repository) under a fingerprint of the database file:
// SQLite's file change counter (header offset 24, bumped by every committed write transaction in
// rollback-journal mode, the only mode our build has), size, mtime and inode. A hot journal means a
// write is in flight or was interrupted: then the cache is not used and SQLite itself is asked.
import { readFileState } from '../sqlite/header.js';
import { chmodSync, existsSync, lstatSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Env } from '../config.js';
import { VERSION } from '../version.js';
import { openKeptFile, readKeptJson, readWhole, removeStaleTemporaries, replaceKeptFile } from '../util/safe-file.js';
import type { Card } from './card.js';
import { cacheDir } from '../install/paths.js';

/** Bumped when the card's layout or content rules change, so older cached cards are not served. */
const CARD_FORMAT = 3;

/** A string that changes whenever the database content may have changed; undefined: don't cache. */
export function dbFingerprint(dbPath: string): string | undefined {
  try {
    if (existsSync(`${dbPath}-journal`) && statSync(`${dbPath}-journal`).size > 0) return undefined;
  } catch {
    return undefined;
  }
  const file = readFileState(dbPath); // none for a FIFO (opening one would block)
  // The mode too: a `chmod 600` of the database makes a new card, cached with the new mode.
  return file?.header.sqlite ? [CARD_FORMAT, VERSION, file.state, file.mode].join('|') : undefined;
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

/** A card holds facts' text: a few KB; past this the file is not one memcue wrote. */
const MAX_CARD_FILE = 4 * 1024 * 1024;

interface SavedCard {
  fingerprint?: string;
  db?: string;
  card?: Card;
}

export function readCachedCard(env: Env, dbPath: string, repoId: string | undefined, fingerprint: string): Card | undefined {
  const saved = readKeptJson<SavedCard>(cacheFile(env, dbPath, repoId), MAX_CARD_FILE);
  return saved?.fingerprint === fingerprint && saved.db === dbPath ? saved.card : undefined;
}

/** The card cached last for this database and repository, however old: the hook's fallback. */
export function readLastCard(env: Env, dbPath: string, repoId: string | undefined): { card: Card; savedAt: Date } | undefined {
  const opened = openKeptFile(cacheFile(env, dbPath, repoId), MAX_CARD_FILE);
  const bytes = readWhole(opened);
  if (!opened || !bytes) return undefined;
  try {
    const saved = JSON.parse(bytes.toString('utf8')) as SavedCard;
    return saved.db === dbPath && saved.card ? { card: saved.card, savedAt: opened.stat.mtime } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Best effort: a read-only or full cache folder only costs speed. Written whole, then renamed, with
 * the database's permissions (the card holds its facts' text), in a folder only its owner can read.
 */
export function writeCachedCard(env: Env, dbPath: string, repoId: string | undefined, fingerprint: string, card: Card): void {
  try {
    const file = cacheFile(env, dbPath, repoId);
    const dir = join(file, '..');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const folder = lstatSync(dir);
    if (folder.isDirectory() && (folder.mode & 0o077) !== 0) chmodSync(dir, 0o700); // made by an older memcue
    replaceKeptFile(file, JSON.stringify({ fingerprint, db: dbPath, card }), statSync(dbPath).mode & 0o666);
    removeStaleTemporaries(dir, '');
  } catch {
    // ignore: the next call computes the card again
  }
}
