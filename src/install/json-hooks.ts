// A hook entry in an agent's JSON hooks file (Claude Code settings.json, Codex hooks.json, Gemini CLI
// settings.json, the dsh bridge's file). All share the Claude Code shape
//   {"hooks": {"SessionStart": [{"matcher"?: "...", "hooks": [{"type": "command", "command": "..."}]}]}}
// Our entry is recognised by its command (`… memcue hook <agent> …`), so no unknown key is added to
// files the agents validate. Every other key and hook is kept; indentation follows the file.
import { MemcueError } from '../errors.js';
import type { Target } from './engine.js';
import { editJsonc, parseJsonc } from './jsonc.js';

export interface HookEntry {
  event: string;
  matcher?: string;
  /** The hook object: type, command, timeout, and whatever else the agent takes. */
  hook: Record<string, unknown> & { command: string };
}

type Json = Record<string, unknown>;

/** `memcue hook claude …`, `'/opt/memcue' hook claude …`, `"${CLAUDE_PLUGIN_ROOT}/bin/memcue" hook claude …`. */
export function isOurCommand(command: unknown, agent: string): boolean {
  return typeof command === 'string' && new RegExp(`(^|[\\s/\\\\"'])memcue(\\.exe|\\.js)?["']?\\s+hook\\s+${agent}\\b`).test(command);
}

export function jsonHookTarget(
  path: string,
  agent: string,
  entry: HookEntry | HookEntry[],
  extra?: { apply: (settings: Json) => boolean; label: string },
  /** The agent reads the file as JSONC (comments, trailing commas): Gemini CLI. */
  jsonc = false,
): Target {
  const ours = (hook: unknown) => isOurCommand((hook as Json | null)?.command, agent);
  const entries = Array.isArray(entry) ? entry : [entry];
  const events = entries.map((e) => e.event);
  const what = events.length === 1 ? `${events[0]} hook` : `${events.slice(0, -1).join(', ')} and ${events[events.length - 1]} hooks`;
  return {
    path,
    label: extra ? `${what}, ${extra.label}` : what,
    has: (current) => current !== null && events.some((event) => groups(parse(current, path, jsonc), event).some((g) => hooksOf(g).some(ours))),
    add(current) {
      const settings = current === null || current.trim() === '' ? {} : parse(current, path, jsonc);
      let changed = extra?.apply(settings) ?? false;
      for (const e of entries) {
        const existing = groups(settings, e.event).find((g) => hooksOf(g).some(ours)) as Json | undefined;
        if (!existing) {
          const hooks = objectAt(settings, 'hooks', path);
          const list = arrayAt(hooks, e.event, path);
          list.push(e.matcher === undefined ? { hooks: [e.hook] } : { matcher: e.matcher, hooks: [e.hook] });
          changed = true;
        } else changed = refresh(existing, e, ours) || changed;
      }
      return changed || current === null ? serialize(settings, current) : current;
    },
    remove(current) {
      const settings = parse(current, path, jsonc);
      const hooks = settings.hooks as Json | undefined;
      if (!hooks || typeof hooks !== 'object') return current;
      for (const event of events) {
        const list = hooks[event];
        if (!Array.isArray(list)) continue;
        const kept = list
          .map((g) => (hooksOf(g).some(ours) ? { ...(g as Json), hooks: hooksOf(g).filter((h) => !ours(h)) } : g))
          .filter((g) => hooksOf(g).length > 0 || !Array.isArray((g as Json).hooks));
        if (kept.length > 0) hooks[event] = kept;
        else delete hooks[event];
      }
      if (Object.keys(hooks).length === 0) delete settings.hooks;
      return serialize(settings, current);
    },
  };
}

/** The events whose hooks in this file run memcue's (doctor: an older install may lack some). */
export function ourHookEvents(text: string, agent: string): string[] {
  try {
    const hooks = (parseJsonc(text) as Json).hooks;
    if (!hooks || typeof hooks !== 'object') return [];
    return Object.keys(hooks).filter((event) => groups({ hooks } as Json, event).some((g) => hooksOf(g).some((h) => isOurCommand((h as Json | null)?.command, agent))));
  } catch {
    return [];
  }
}

/**
 * An entry an older memcue wrote gets the current matcher and command (a new session source such as
 * Claude Code's `fork`; an absolute path where `memcue` was named); the rest of its group is kept.
 */
function refresh(group: Json, entry: HookEntry, ours: (hook: unknown) => boolean): boolean {
  const hooks = hooksOf(group);
  const at = hooks.findIndex(ours);
  const sameHook = JSON.stringify(hooks[at]) === JSON.stringify(entry.hook);
  const sameMatcher = entry.matcher === undefined || group.matcher === entry.matcher;
  if (sameHook && sameMatcher) return false;
  hooks[at] = entry.hook;
  if (entry.matcher !== undefined) group.matcher = entry.matcher;
  return true;
}

function groups(settings: Json, event: string): unknown[] {
  const list = (settings.hooks as Json | undefined)?.[event];
  return Array.isArray(list) ? list : [];
}

function hooksOf(group: unknown): unknown[] {
  const hooks = (group as Json | null)?.hooks;
  return Array.isArray(hooks) ? hooks : [];
}

/** The file's object; JSONC (comments, trailing commas) only where the agent reads it so. */
export function parse(text: string, path: string, jsonc = false): Json {
  let value: unknown;
  try {
    value = jsonc ? parseJsonc(text) : JSON.parse(text);
  } catch (err) {
    throw new MemcueError(
      'BAD_INPUT',
      `${path} is not valid ${jsonc ? 'JSON with comments' : 'JSON'} (${(err as Error).message}); nothing was changed`,
      jsonc ? 'fix the file or move it aside, then run the install again' : 'fix the file (this agent reads it as plain JSON: no comments) or move it aside, then run the install again',
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new MemcueError('BAD_INPUT', `${path} does not hold a JSON object; nothing was changed`, 'fix or move the file aside');
  }
  return value as Json;
}

export function objectAt(parent: Json, key: string, path: string): Json {
  const value = parent[key] ?? (parent[key] = {});
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new MemcueError('BAD_INPUT', `${path}: "${key}" is not an object; nothing was changed`, 'fix the file by hand');
  }
  return value as Json;
}

function arrayAt(parent: Json, key: string, path: string): unknown[] {
  const value = parent[key] ?? (parent[key] = []);
  if (!Array.isArray(value)) throw new MemcueError('BAD_INPUT', `${path}: hooks.${key} is not a list; nothing was changed`, 'fix the file by hand');
  return value;
}

/**
 * The file with `settings` in it: a new file as JSON (two spaces, final newline); an existing one
 * edited where `settings` differs from it, so the user's layout and comments stay (jsonc.ts).
 */
export function serialize(settings: Json, original: string | null): string {
  if (original !== null && original.trim() !== '') return editJsonc(original, settings);
  return `${JSON.stringify(settings, null, 2)}\n`;
}
