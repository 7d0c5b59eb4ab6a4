/**
 * Which repository is the agent working in? Answered from the files under
 * `.git` directly: spawning `git` costs more than the whole search budget.
 *
 * The id is the normalised origin URL, so every clone and worktree of one
 * project shares its facts whatever the folder is called; a repository with
 * no remote falls back to its folder name.
 */

import { statSync } from 'node:fs';
import path from 'node:path';
import { canonicalName } from '../facts/names.js';
import { readFileStart } from '../util/read-file.js';

/** More than any real .git file, commondir or config holds; what lies beyond is not read. */
const MAX_GIT_FILE_BYTES = 1024 * 1024;

export interface RepoInfo {
  /** `github.com/owner/name`, `local:name`, or the work tree folder's name. */
  id: string;
  /** The work tree root: the folder that holds `.git`. */
  root: string;
}

// ---------------------------------------------------------------------------
// Remote URLs

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
/** scp-like `[user@]host:path`: a colon before any slash (git's own rule). */
const SCP_LIKE = /^(?:[^@/]*@)?([^:/]+):(.*)$/;
const WINDOWS_DRIVE = /^[a-z]:[\\/]/i;

/**
 * One spelling per remote: `git@github.com:a/b.git`, `https://u:p@GitHub.com/a/b/`
 * and `ssh://git@github.com:22/a/b` all become `github.com/a/b`; a remote on the
 * local disk becomes `local:<name>`.
 */
export function normalizeRemoteUrl(url: string): string {
  const trimmed = url.trim();
  const scheme = SCHEME.exec(trimmed);
  if (scheme) {
    if ((scheme[1] ?? '').toLowerCase() === 'file') return localId(trimmed.slice(scheme[0].length));
    return hostAndPath(trimmed.slice(scheme[0].length));
  }
  const scp = WINDOWS_DRIVE.test(trimmed) ? null : SCP_LIKE.exec(trimmed);
  if (scp) return joinHostPath(scp[1] ?? '', scp[2] ?? '');
  return localId(trimmed);
}

/** `[user[:password]@]host[:port]/path` → `host/path`. */
function hostAndPath(rest: string): string {
  const slash = rest.indexOf('/');
  const authority = slash === -1 ? rest : rest.slice(0, slash);
  let repoPath = slash === -1 ? '' : rest.slice(slash);
  let host = authority.slice(authority.lastIndexOf('@') + 1);
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && !host.endsWith(']')) {
    const port = host.slice(colon + 1);
    // `ssh://host:owner/repo` is not valid, but people write it; keep the part as path.
    if (!/^\d*$/.test(port)) repoPath = port + repoPath;
    host = host.slice(0, colon);
  }
  return joinHostPath(host, repoPath);
}

function joinHostPath(host: string, repoPath: string): string {
  const cleanPath = stripGitSuffix(repoPath.replace(/^\/+/, ''));
  return cleanPath === '' ? host.toLowerCase() : `${host.toLowerCase()}/${cleanPath}`;
}

/** Drops trailing slashes and `.git` (`a/b.git/` → `a/b`; `/srv/x/.git` → `/srv/x`). */
function stripGitSuffix(repoPath: string): string {
  return repoPath
    .replace(/[\\/]+$/, '')
    .replace(/[\\/]\.git$/i, '')
    .replace(/\.git$/i, '')
    .replace(/[\\/]+$/, '');
}

function localId(localPath: string): string {
  const segments = stripGitSuffix(localPath).split(/[\\/]/);
  return `local:${segments[segments.length - 1] ?? ''}`;
}

// ---------------------------------------------------------------------------
// Finding the repository

/**
 * The repository that contains `cwd`: the nearest folder upwards holding
 * `.git`, identified by its origin remote (else its first remote with a url,
 * else its folder name). Undefined outside any repository; never throws.
 * `ceilings` (git's GIT_CEILING_DIRECTORIES: absolute paths joined by `:`)
 * are folders the search does not go up into, as git does not: a `.git` above
 * them (a stray one in /tmp, a slow network mount) is never taken.
 */
export function findRepo(cwd: string, ceilings?: string): RepoInfo | undefined {
  const stops = new Set((ceilings ?? '').split(path.delimiter).filter((c) => path.isAbsolute(c)).map((c) => path.resolve(c)));
  let dir = path.resolve(cwd);
  for (;;) {
    const gitPath = path.join(dir, '.git');
    const stat = statOrUndefined(gitPath);
    if (stat?.isDirectory()) return repoInfo(dir, gitPath);
    if (stat?.isFile()) return repoInfo(dir, gitDirFromFile(gitPath, dir));
    const parent = path.dirname(dir);
    if (parent === dir || stops.has(parent)) return undefined;
    dir = parent;
  }
}

function repoInfo(root: string, gitDir: string | undefined): RepoInfo {
  const url = gitDir === undefined ? undefined : remoteUrl(gitDir);
  // Made valid for a scope (`my project` → `my-project`): a space in it once broke sync everywhere.
  return { id: canonicalName(url === undefined ? path.basename(root) : normalizeRemoteUrl(url)), root };
}

/** Worktrees and submodules have a `.git` file saying `gitdir: <path>` instead of a folder. */
function gitDirFromFile(gitFile: string, root: string): string | undefined {
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readOrUndefined(gitFile) ?? '');
  return match?.[1] === undefined ? undefined : path.resolve(root, match[1]);
}

/** A linked worktree's git dir keeps only HEAD & co; `commondir` points at the shared one with the config. */
function commonGitDir(gitDir: string): string {
  const commonDir = readOrUndefined(path.join(gitDir, 'commondir'))?.trim();
  return commonDir ? path.resolve(gitDir, commonDir) : gitDir;
}

function remoteUrl(gitDir: string): string | undefined {
  const config = readOrUndefined(path.join(commonGitDir(gitDir), 'config'));
  if (config === undefined) return undefined;
  const urls = remoteUrls(config);
  return urls.get('origin') ?? urls.values().next().value;
}

function statOrUndefined(file: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Bounded, and only regular files: a .git/config symlinked to /dev/zero or a FIFO reads as missing. */
function readOrUndefined(file: string): string | undefined {
  return readFileStart(file, MAX_GIT_FILE_BYTES);
}

// ---------------------------------------------------------------------------
// The git config file

const SECTION_HEADER = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/;
const KEY = /^([A-Za-z][A-Za-z0-9-]*)\s*(=?)/;

/**
 * remote name → its url, in the order the remotes first appear. Follows git's
 * syntax: section and key names are case-insensitive, `[remote "x"]` keeps the
 * subsection's case while the old `[remote.x]` lowercases it, values may be
 * quoted, escaped or continued with a trailing backslash, `#`/`;` start comments.
 * Like `git remote get-url`, a remote's first url wins.
 */
function remoteUrls(config: string): Map<string, string> {
  const urls = new Map<string, string>();
  let remote: string | undefined; // the remote whose section we are in, if any
  const lines = config.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = (lines[i] ?? '').trimStart();
    const header = SECTION_HEADER.exec(line);
    if (header) {
      remote = remoteName(header[1] ?? '', header[2]);
      line = line.slice(header[0].length).trimStart(); // `[remote "o"] url = x` is legal
    } else if (line.startsWith('[')) {
      remote = undefined; // a header we can't read: at least don't credit its keys to the last remote
      continue;
    }
    const key = KEY.exec(line);
    if (!key || remote === undefined || (key[1] ?? '').toLowerCase() !== 'url' || key[2] !== '=') continue;
    // A value may go on over several physical lines.
    let raw = line.slice(key[0].length);
    while (endsWithContinuation(raw) && i + 1 < lines.length) raw = raw.slice(0, -1) + (lines[++i] ?? '');
    const value = parseValue(raw);
    if (value !== '' && !urls.has(remote)) urls.set(remote, value);
  }
  return urls;
}

function remoteName(section: string, quotedSubsection: string | undefined): string | undefined {
  if (quotedSubsection !== undefined) {
    return section.toLowerCase() === 'remote' ? quotedSubsection.replace(/\\(.)/g, '$1') : undefined;
  }
  const dot = section.indexOf('.');
  if (dot === -1 || section.slice(0, dot).toLowerCase() !== 'remote') return undefined;
  return section.slice(dot + 1).toLowerCase();
}

/** An odd number of trailing backslashes, outside a comment, joins the next line. */
function endsWithContinuation(raw: string): boolean {
  let inQuotes = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '\\') {
      if (i === raw.length - 1) return true;
      i++;
    } else if (ch === '"') inQuotes = !inQuotes;
    else if ((ch === '#' || ch === ';') && !inQuotes) return false;
  }
  return false;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', b: '\b', '\\': '\\', '"': '"' };

/** A config value: quotes removed, escapes applied, comment dropped, outer blanks trimmed. */
function parseValue(raw: string): string {
  let value = '';
  let pendingSpace = ''; // blanks are kept only if something follows them
  let inQuotes = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i] ?? '';
    if (!inQuotes && (ch === '#' || ch === ';')) break;
    if (!inQuotes && (ch === ' ' || ch === '\t')) {
      if (value !== '') pendingSpace += ch;
      continue;
    }
    value += pendingSpace;
    pendingSpace = '';
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === '\\') value += ESCAPES[raw[++i] ?? ''] ?? '';
    else value += ch;
  }
  return value;
}
