// The `file` condition: Claude Code's auto memory. One MEMORY.md per project, under
// ~/.claude/projects/<the project's path, every non-alphanumeric character a dash>/memory/, holding
// what sessions in that project learned (globally useful things too: they were learned here), in
// topic sections of one bullet per fact. A session loads its first 200 lines or 25 KB, whichever is
// smaller; the rest only if the agent opens the file. What was learned in another project is in
// that project's file, which this session never loads.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SetFact } from './set.js';

export const MAX_LINES = 200;
export const MAX_BYTES = 25_000;

const TOPIC: Record<SetFact['kind'], string> = {
  rule: 'Rules',
  decision: 'Decisions',
  gotcha: 'Gotchas',
  env: 'Environment',
  note: 'Notes',
};

/**
 * The project whose MEMORY.md holds a fact: the task repo it is scoped to, else the one whose session
 * learned it (a task repo by name, another project by the last part of its id).
 */
export function projectOf(f: SetFact, repos: Record<string, string>): string {
  const scoped = Object.entries(repos).find(([, id]) => f.scope === `repo:${id}`);
  if (scoped) return scoped[0];
  const learned = f.learnedIn.replace(/^repo:/, '');
  const named = Object.entries(repos).find(([name, id]) => learned === name || learned === id);
  return named ? named[0] : learned;
}

/** The facts task repo `name`'s own MEMORY.md holds. */
export function learnedIn(facts: SetFact[], name: string, repos: Record<string, string>): SetFact[] {
  return facts.filter((f) => projectOf(f, repos) === name);
}

/**
 * MEMORY.md as it grows: facts in the order they were learned (by date; undated ones first, in file
 * order), under topic headers in the order each topic first came up.
 */
export function renderMemory(facts: SetFact[]): string {
  const ordered = facts.map((f, i) => ({ f, i })).sort((a, b) => (a.f.date ?? '').localeCompare(b.f.date ?? '') || a.i - b.i);
  const topics = new Map<string, string[]>();
  for (const { f } of ordered) {
    const topic = TOPIC[f.kind];
    if (!topics.has(topic)) topics.set(topic, []);
    topics.get(topic)!.push(`- ${f.text.replace(/\s*\n\s*/g, ' ').trim()}`);
  }
  const parts = ['# Memory', ''];
  for (const [topic, bullets] of topics) parts.push(`## ${topic}`, ...bullets, '');
  return parts.join('\n');
}

/** Claude Code's folder name for a project path. */
export function projectDirName(path: string): string {
  return path.replace(/[^a-zA-Z0-9]/g, '-');
}

export interface LoadedMemory {
  path: string;
  lines: number;
  loadedLines: number;
  /** What the session gets at start: the loaded part, and a warning line when the file was cut. */
  text: string;
}

/** The part of `content` a session loads: whole lines, at most MAX_LINES of them and MAX_BYTES. */
export function loadedPart(content: string, path: string): LoadedMemory {
  const all = content.replace(/\n$/, '').split('\n');
  const kept: string[] = [];
  let bytes = 0;
  for (const line of all.slice(0, MAX_LINES)) {
    const size = Buffer.byteLength(line, 'utf8') + 1;
    if (bytes + size > MAX_BYTES) break;
    kept.push(line);
    bytes += size;
  }
  let text = kept.join('\n') + '\n';
  if (kept.length < all.length) {
    text += `\n> WARNING: MEMORY.md is ${all.length} lines and ${Buffer.byteLength(content)} bytes; only the first ${kept.length} lines were loaded. The whole file: ${path}\n`;
  }
  return { path, lines: all.length, loadedLines: kept.length, text };
}

/** Writes the project's MEMORY.md where Claude Code keeps it under `home`; returns what a session loads. */
export function placeMemory(home: string, work: string, facts: SetFact[]): LoadedMemory {
  const dir = join(home, '.claude', 'projects', projectDirName(work), 'memory');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'MEMORY.md');
  const content = renderMemory(facts);
  writeFileSync(path, content);
  return loadedPart(content, path);
}

/**
 * Every project's MEMORY.md in the run's HOME, as on the user's machine (the other projects' under
 * HOME/src/<name>, where they would be checked out): the session loads only `work`'s.
 */
export function placeProjects(home: string, work: string, name: string, facts: SetFact[], repos: Record<string, string>): LoadedMemory {
  const groups = new Map<string, SetFact[]>([[name, []]]);
  for (const f of facts) {
    const project = projectOf(f, repos);
    if (!groups.has(project)) groups.set(project, []);
    groups.get(project)!.push(f);
  }
  for (const [project, own] of groups) {
    if (project !== name) placeMemory(home, join(home, 'src', project.split('/').pop()!), own);
  }
  return placeMemory(home, work, groups.get(name)!);
}
