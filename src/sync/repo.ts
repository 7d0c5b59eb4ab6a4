// The memory repo: a git work tree holding the synced memory (memcue.db snapshot + journal/), made
// or adopted by `memcue sync init`. Its .gitattributes routes memcue.db through our merge driver and
// its .gitignore keeps SQLite's and our lock's side files out of commits.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { MemcueError } from '../errors.js';
import type { Store } from '../store/store.js';
import type { Git } from './git.js';
import { selfCommand, shellCommand } from './self.js';
import { SNAPSHOT } from './snapshot.js';
import { isSymlink, notRegularFile, readFileStart } from '../util/read-file.js';
import { replaceKeptFile } from '../util/safe-file.js';

export const BRANCH = 'main';
const SETTING_DIR = 'sync.dir';
const ATTRIBUTES = [`${SNAPSHOT} merge=memcue`, 'journal/*.jsonl text eol=lf'];
const IGNORES = ['*.lock', '*-journal', '*.stale-*', '*.reader-*', '*.pending', '*.checked', '*.search', '*.search-delta', '*.search*.tmp'];
/** .gitattributes and .gitignore are a few lines; beyond this they are not read. */
const MAX_SETUP_FILE_BYTES = 1024 * 1024;

/** Where the memory repo lives unless `--dir` or an earlier `sync init` said otherwise. */
export function defaultRepoDir(dbPath: string): string {
  return join(dirname(dbPath), 'sync');
}

export function savedRepoDir(store: Store | undefined): string | undefined {
  const row = store?.db.get('SELECT value FROM settings WHERE key = ?', [SETTING_DIR]);
  return row ? String(row.value) : undefined;
}

export async function saveRepoDir(store: Store, dir: string): Promise<void> {
  await store.writeAsync(() => store.db.run('INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)', [SETTING_DIR, dir]));
}

export function isWorkTree(dir: string): boolean {
  return existsSync(join(dir, '.git'));
}

/** Clones REMOTE into `dir`, or starts an empty repo there, or adopts the repo already there. */
export function createOrAdopt(dir: string, remote: string | undefined, git: Git, cwd: string): 'cloned' | 'created' | 'adopted' {
  const url = remote && !isAbsolute(remote) && existsSync(resolve(cwd, remote)) ? resolve(cwd, remote) : remote;
  if (isWorkTree(dir)) {
    const origin = originUrl(git);
    if (url && origin && origin !== url) {
      throw new MemcueError('USAGE', `${dir} already syncs with ${origin}`, `to switch, run \`git -C ${shellCommand([dir])} remote set-url origin ${shellCommand([url])}\``);
    }
    if (url && !origin) git.run(['remote', 'add', 'origin', url]);
    return 'adopted';
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new MemcueError('USAGE', `${dir} exists and is not a git repository`, 'choose an empty or new folder with --dir');
  }
  mkdirSync(dirname(dir), { recursive: true });
  git.at(dirname(dir)).run(url ? ['clone', '--quiet', url, dir] : ['init', '--quiet', dir]);
  // A clone of an empty remote (or a new repo) has no branch yet: use the same name everywhere. A
  // bare remote whose HEAD names another branch (git's default "master") clones without checking out
  // our branch: take it, so this machine continues the shared history instead of starting its own.
  if (git.try(['rev-parse', '--verify', '--quiet', 'HEAD']).code !== 0) {
    git.run(['symbolic-ref', 'HEAD', `refs/heads/${BRANCH}`]);
    if (git.try(['rev-parse', '--verify', '--quiet', `refs/remotes/origin/${BRANCH}`]).code === 0) git.run(['reset', '--quiet', '--hard', `origin/${BRANCH}`]);
  }
  return url ? 'cloned' : 'created';
}

export function originUrl(git: Git): string | undefined {
  const r = git.try(['remote', 'get-url', 'origin']);
  return r.code === 0 ? r.stdout.trim() : undefined;
}

/**
 * Makes sure attributes, ignores and the merge driver are in place; the driver runs the memcue that
 * runs this (re-checked on every sync, so an upgraded or moved memcue is picked up). Returns the
 * tracked files it changed.
 */
export function configureRepo(git: Git): string[] {
  const changed: string[] = [];
  if (ensureLines(join(git.dir, '.gitattributes'), ATTRIBUTES)) changed.push('.gitattributes');
  if (ensureLines(join(git.dir, '.gitignore'), IGNORES)) changed.push('.gitignore');
  const driver = `${shellCommand(selfCommand())} merge %A %B --base %O`;
  setConfig(git, 'merge.memcue.name', 'memcue: union of fact versions');
  setConfig(git, 'merge.memcue.driver', driver);
  return changed;
}

function setConfig(git: Git, key: string, value: string): void {
  const now = git.try(['config', '--local', '--get', key]);
  if (now.code !== 0 || now.stdout.replace(/\n$/, '') !== value) git.run(['config', '--local', key, value]);
}

/** Appends the lines a file lacks (creating it); true when it changed. */
function ensureLines(path: string, lines: string[]): boolean {
  // A symlink or device pushed in its place is never followed (it could point at /dev/zero or
  // ~/.bashrc): it is replaced by a plain file, and the change committed.
  if (existsSync(path) || isSymlink(path)) {
    if (notRegularFile(path, { symlinks: false })) rmSync(path, { force: true });
  }
  const text = readFileStart(path, MAX_SETUP_FILE_BYTES) ?? '';
  const have = new Set(text.split(/\r?\n/).map((l) => l.trim()));
  const missing = lines.filter((l) => !have.has(l));
  if (!missing.length) return false;
  // Through a fresh temporary and a rename: a link planted after the check above is replaced, not written through.
  replaceKeptFile(path, `${text}${text && !text.endsWith('\n') ? '\n' : ''}${missing.join('\n')}\n`, 0o644);
  return true;
}
