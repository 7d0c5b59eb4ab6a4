// Installing into an agent's files, and taking it back out. Every agent is a list of targets: a
// file, how to add our part to it (a marked hook entry, a fenced block, a whole file we own) and how
// to remove exactly that part. Before a file is first changed its bytes are kept in a record under
// the state folder; uninstall gives them back byte for byte when the file still holds exactly what
// we wrote, and otherwise (the user edited it since) removes only our marked part.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { replaceKeptFile } from '../util/safe-file.js';
import { dirname, join } from 'node:path';
import type { Env } from '../config.js';
import { stateDir } from './paths.js';
import { readOthersFile } from '../util/read-file.js';

export interface Target {
  path: string;
  /** What this target is, for messages ("SessionStart hook", "AGENTS.md block"). */
  label: string;
  /** The file with our part in it; returns `current` unchanged when it is already there. Throws
   * MemcueError when the file cannot be edited safely (nothing is written then). */
  add(current: string | null): string;
  /** The file without our part; null deletes the file. */
  remove(current: string): string | null;
  /** Whether the file carries our part. */
  has(current: string | null): boolean;
}

export interface Wiring {
  agent: string;
  targets: Target[];
  /** Printed after a successful install (what the user still has to do, if anything). */
  notes: string[];
}

interface RecordEntry {
  /** The file's bytes before our first change (base64), or null when it did not exist. */
  before: string | null;
  /** SHA-256 of what we last wrote. */
  after: string;
  /** Folders we created for it, deepest first; removed again if empty. */
  createdDirs: string[];
}

type InstallRecord = Record<string, RecordEntry>;

export function recordPath(env: Env, agent: string): string {
  return join(stateDir(env), 'install', `${agent}.json`);
}

/** An agent's config or an install record: a FIFO or device in its place is refused, never read. */
export function readFile(path: string): Buffer | null {
  return readOthersFile(path, MAX_CONFIG_BYTES);
}

/** Agents' configs are kilobytes; a bigger file is not one to edit in place. */
const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

function sha256(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function readRecord(env: Env, agent: string): InstallRecord {
  const bytes = readFile(recordPath(env, agent));
  return bytes ? (JSON.parse(bytes.toString('utf8')) as InstallRecord) : {};
}

function writeRecord(env: Env, agent: string, record: InstallRecord): void {
  const path = recordPath(env, agent);
  if (Object.keys(record).length === 0) {
    if (existsSync(path)) unlinkSync(path);
    return;
  }
  writeAtomic(path, `${JSON.stringify(record, null, 2)}\n`);
}

/**
 * Writes via a temporary file and a rename, so an agent never reads a half-written config. A
 * symlinked config (dotfiles) is written through to its target and stays a symlink. The temporary is
 * created fresh (safe-file.ts: O_EXCL|O_NOFOLLOW): its name is predictable, and in a repository
 * anyone may have committed a link there, which would redirect the write and be renamed over the config.
 */
function writeAtomic(path: string, content: string | Buffer): void {
  const real = existsSync(path) ? realpathSync(path) : path;
  mkdirSync(dirname(real), { recursive: true });
  replaceKeptFile(real, content, existsSync(real) ? statSync(real).mode & 0o7777 : 0o644);
}

/** The folders `mkdir -p` would create for `file`, deepest first. */
function missingDirs(file: string): string[] {
  const dirs: string[] = [];
  for (let dir = dirname(file); !existsSync(dir) && dirname(dir) !== dir; dir = dirname(dir)) dirs.push(dir);
  return dirs;
}

export interface Change {
  path: string;
  label: string;
  action: 'added' | 'unchanged' | 'restored' | 'removed' | 'deleted' | 'absent';
  /** install: whether the file was there before (its earlier contents are then kept in the record). */
  existed?: boolean;
}

export function install(env: Env, wiring: Wiring): Change[] {
  // Plan everything first: a file we cannot edit safely stops the install before anything is written.
  const plans = wiring.targets.map((target) => {
    const before = readFile(target.path);
    const next = target.add(before === null ? null : before.toString('utf8'));
    return { target, before, next, changed: before === null || next !== before.toString('utf8') };
  });
  const record = readRecord(env, wiring.agent);
  for (const { target, before, next, changed } of plans) {
    if (!changed) continue;
    const kept = record[target.path];
    record[target.path] = {
      before: kept ? kept.before : before === null ? null : before.toString('base64'),
      after: sha256(next),
      createdDirs: kept ? kept.createdDirs : missingDirs(target.path),
    };
  }
  // The record goes first: if we die half-way, uninstall still knows the original bytes.
  writeRecord(env, wiring.agent, record);
  for (const { target, next, changed } of plans) if (changed) writeAtomic(target.path, next);
  return plans.map(({ target, changed, before }) => ({ path: target.path, label: target.label, action: changed ? 'added' : 'unchanged', existed: before !== null }));
}

export function uninstall(env: Env, wiring: Wiring): Change[] {
  const record = readRecord(env, wiring.agent);
  const changes = wiring.targets.map((target): Change => {
    const entry = record[target.path];
    delete record[target.path];
    const current = readFile(target.path);
    const change = (action: Change['action']): Change => ({ path: target.path, label: target.label, action });
    if (current === null) return change('absent');
    if (entry && sha256(current) === entry.after) {
      if (entry.before === null) {
        unlinkSync(target.path);
        removeEmptyDirs(entry.createdDirs);
        return change('deleted');
      }
      writeAtomic(target.path, Buffer.from(entry.before, 'base64'));
      return change('restored');
    }
    const text = current.toString('utf8');
    if (!target.has(text)) return change('unchanged');
    const next = target.remove(text);
    if (next === text) return change('unchanged');
    if (next === null) {
      unlinkSync(target.path);
      if (entry) removeEmptyDirs(entry.createdDirs);
      return change('deleted');
    }
    writeAtomic(target.path, next);
    return change('removed');
  });
  writeRecord(env, wiring.agent, record);
  return changes;
}

function removeEmptyDirs(dirs: string[]): void {
  for (const dir of dirs) {
    try {
      if (readdirSync(dir).length > 0) return;
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}

/** Which of the wiring's targets currently carry our part. */
export function wiredTargets(wiring: Wiring): Target[] {
  return wiring.targets.filter((t) => {
    try {
      return t.has(readFile(t.path)?.toString('utf8') ?? null);
    } catch {
      return false;
    }
  });
}
