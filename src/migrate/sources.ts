// Where file memories live, and which scope their facts belong to: Claude Code auto memory
// (~/.claude/projects/<slug>/memory/*.md, MEMORY.md the index), a repository's memory/ folder with a
// MEMORY.md index, and memsearch daily files (.memsearch/memory/YYYY-MM-DD.md).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { MemcueError } from '../errors.js';
import { findRepo } from '../repo/identity.js';
import { readFileStart } from '../util/read-file.js';

export type SourceKind = 'claude' | 'dir' | 'memsearch';

export interface NoteFile {
  from: SourceKind;
  path: string;
  /** The scope its facts get by default; undefined when the project could not be told. */
  scope: string | undefined;
  /** Set when the project folder could not be resolved (the facts default to global). */
  unknownProject?: string;
}

export interface SourceSpec {
  from?: SourceKind;
  path?: string;
  all: boolean;
}

const DAILY = /^\d{4}-\d{2}-\d{2}\.md$/;
/** Of a transcript, enough for its first lines, whatever its size. */
const TRANSCRIPT_HEAD_BYTES = 65_536;

/** `--from claude`, `--from dir PATH`, `--from memsearch PATH`, or nothing (this project's memories). */
export function parseFrom(values: string[] | undefined, all: boolean): SourceSpec {
  if (!values || values.length === 0) return { all };
  const [kind, path, ...rest] = values;
  const usage = 'use --from claude, --from dir PATH or --from memsearch PATH';
  if (kind === 'claude' && path === undefined) return { from: 'claude', all };
  if ((kind === 'dir' || kind === 'memsearch') && path !== undefined && rest.length === 0) return { from: kind, path, all };
  throw new MemcueError('USAGE', `cannot read --from ${values.join(' ')}`, usage);
}

/** Claude Code names a project's folder after its path, every character but letters and digits → `-`. */
export function claudeSlug(path: string): string {
  return path.replace(/[^a-zA-Z0-9]/g, '-');
}

export function findNoteFiles(spec: SourceSpec, where: { home: string; cwd: string }): NoteFile[] {
  const project = findRepo(where.cwd)?.root ?? where.cwd;
  if (spec.from === 'dir') return markdownFolder(resolve(where.cwd, spec.path!), 'memory', 'dir');
  if (spec.from === 'memsearch') return markdownFolder(resolve(where.cwd, spec.path!), join('.memsearch', 'memory'), 'memsearch');
  const claude = claudeNotes(where.home, spec.all ? undefined : [project, where.cwd]);
  if (spec.from === 'claude') return claude;
  // Nothing named: every memory of this project (and with --all, of every Claude Code project).
  const local = [
    ...(existsSync(join(project, 'memory', 'MEMORY.md')) ? markdownFolder(join(project, 'memory'), 'memory', 'dir') : []),
    ...(existsSync(join(project, '.memsearch', 'memory')) ? markdownFolder(project, join('.memsearch', 'memory'), 'memsearch') : []),
  ];
  return [...claude, ...local];
}

/** Claude Code projects' memory folders: all of them, or those of the given project paths. */
function claudeNotes(home: string, projects: string[] | undefined): NoteFile[] {
  const root = join(home, '.claude', 'projects');
  if (!isDir(root)) return [];
  const wanted = projects && new Set(projects.map(claudeSlug));
  const notes: NoteFile[] = [];
  for (const slug of readdirSync(root).sort()) {
    if (wanted && !wanted.has(slug)) continue;
    const folder = join(root, slug, 'memory');
    if (!isDir(folder)) continue;
    const path = projectPath(join(root, slug), slug, projects);
    const scope = path === undefined ? undefined : scopeOf(path);
    for (const file of markdownFiles(folder, (name) => name.endsWith('.md'))) {
      notes.push({ from: 'claude', path: file, scope, ...(path === undefined ? { unknownProject: slug } : {}) });
    }
  }
  return notes;
}

/**
 * The project a Claude Code folder belongs to: the working directory its transcripts record, else a
 * known path with the same slug, else the slug read back against the file system.
 */
function projectPath(folder: string, slug: string, known: string[] | undefined): string | undefined {
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.jsonl')).sort()) {
    const cwd = /"cwd"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(readFileStart(join(folder, name), TRANSCRIPT_HEAD_BYTES) ?? '')?.[1];
    if (cwd) return JSON.parse(cwd) as string;
  }
  const match = known?.find((p) => claudeSlug(p) === slug);
  return match ?? decodeSlug('/', slug);
}

/** Walks the file system for a folder whose path has this slug (dashes are ambiguous, so try each). */
function decodeSlug(dir: string, rest: string, depth = 0): string | undefined {
  if (rest === '') return dir;
  if (depth > 12 || !rest.startsWith('-')) return undefined;
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const piece = `-${claudeSlug(entry)}`;
    if (!rest.startsWith(piece) || (rest.length > piece.length && rest[piece.length] !== '-')) continue;
    const path = join(dir, entry);
    if (!isDir(path)) continue;
    const found = decodeSlug(path, rest.slice(piece.length), depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A repository's facts go to its repo scope; a deleted one keeps its folder name as the id. */
function scopeOf(path: string): string {
  if (!existsSync(path)) return `repo:${basename(path)}`;
  const repo = findRepo(path);
  return repo ? `repo:${repo.id}` : 'global';
}

/** `path` itself when it holds notes, else `path/<sub>` (a project root was given). */
function markdownFolder(path: string, sub: string, from: SourceKind): NoteFile[] {
  const folder = isDir(join(path, sub)) ? join(path, sub) : path;
  if (!isDir(folder)) throw new MemcueError('NOT_FOUND', `no folder ${path}`, 'give the memory folder or the project that holds it');
  const accept = from === 'memsearch' ? (name: string) => DAILY.test(name) : (name: string) => name.endsWith('.md');
  const scope = scopeOf(folder);
  return markdownFiles(folder, accept).map((file) => ({ from, path: file, scope }));
}

/** The folder's notes, the index (MEMORY.md) first, then by name. */
function markdownFiles(folder: string, accept: (name: string) => boolean): string[] {
  return readdirSync(folder)
    .filter((name) => accept(name) && statSync(join(folder, name)).isFile())
    .sort((a, b) => (a === 'MEMORY.md' ? -1 : b === 'MEMORY.md' ? 1 : a < b ? -1 : a > b ? 1 : 0))
    .map((name) => join(folder, name));
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
