// The rooms at the bottom of docs/ARCHITECTURE.md's table, at folder level: what each may import from
// src/. SQLite's locks sit lowest, the WASM binding on them, the fact rules beside it; none of them
// reaches up into the store or the features. (The rooms above still import one another round in
// places: see docs/ARCHITECTURE.md.)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(fileURLToPath(new URL('../../src', import.meta.url)));
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** A module's room: its folder under src/, or the file's own name at the top. */
const roomOf = (file: string) => {
  const path = relative(SRC, file);
  return path.includes('/') ? path.split('/')[0]! : path.replace(/\.(tsx?|js)$/, '');
};

/** room → the other rooms its modules import, with one example import each. */
function roomImports(): Map<string, Map<string, string>> {
  const rooms = new Map<string, Map<string, string>>();
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
  for (const file of walk(SRC)) {
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), m[1]!);
      if (!target.startsWith(SRC)) continue;
      const [from, to] = [roomOf(file), roomOf(target)];
      if (from === to) continue;
      if (!rooms.has(from)) rooms.set(from, new Map());
      rooms.get(from)!.set(to, `${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  return rooms;
}

/** What each low room may use (the one error type, small utilities, and for naming a memcue command the command table). */
const MAY_USE: Record<string, string[]> = {
  locks: ['errors', 'util', 'command-table'],
  sqlite: ['locks', 'errors', 'util'],
  facts: ['text', 'errors', 'util'],
};

describe('the low rooms of src/', () => {
  const rooms = roomImports();
  for (const [room, allowed] of Object.entries(MAY_USE)) {
    it(`${room}/ imports only ${allowed.join(', ')}`, () => {
      const outside = [...(rooms.get(room) ?? new Map()).entries()].filter(([to]) => !allowed.includes(to)).map(([, example]) => example);
      expect(outside).toEqual([]);
    });
  }

  it('the store is used by the rooms above, never by locks/, sqlite/ or facts/', () => {
    for (const room of Object.keys(MAY_USE)) expect(rooms.get(room)?.has('store') ?? false).toBe(false);
    expect(rooms.get('store')?.has('sqlite')).toBe(true);
  });
});
