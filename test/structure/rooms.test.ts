// docs/ARCHITECTURE.md's rooms table, read from the page itself, at folder level: every room of src/
// has a row, and a room imports only rooms in rows below its own (so no two rooms import each other
// round, however long the round). Where a row's "may use" names rooms, it imports only those.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SRC = join(ROOT, 'src');
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** A module's room: its folder under src/, or the file's own name at the top. */
const roomOf = (pathInSrc: string) => (pathInSrc.includes('/') ? pathInSrc.split('/')[0]! : pathInSrc.replace(/\.(tsx?|js)$/, ''));

/** room → the other rooms its modules import, with one example import each. */
function roomImports(): Map<string, Map<string, string>> {
  const rooms = new Map<string, Map<string, string>>();
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : /(?<!\.d)\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
  for (const file of walk(SRC)) {
    const from = roomOf(relative(SRC, file));
    if (!rooms.has(from)) rooms.set(from, new Map());
    for (const m of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), m[1]!);
      if (!target.startsWith(SRC + '/')) continue;
      const to = roomOf(relative(SRC, target));
      if (to !== from) rooms.get(from)!.set(to, `${relative(SRC, file)} → ${relative(SRC, target)}`);
    }
  }
  return rooms;
}

interface Row {
  rooms: string[];
  /** The rooms its "may use" names; undefined: any room in the rows below. */
  mayUse?: string[];
}

/** The table under "## The rooms": its rows top to bottom, with the rooms of src/ each names. */
function roomsTable(): Row[] {
  const page = readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = page.split(/^## The rooms$/m)[1]!.split(/^## /m)[0]!;
  const named = (cell: string) => [...cell.matchAll(/`(?:src\/)?([^`]+)`/g)].map((m) => roomOf(m[1]!));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `src/'))
    .map((line) => {
      const [where, , mayUse] = line.split('|').slice(1);
      return { rooms: [...new Set(named(where!))], mayUse: /rows below/.test(mayUse!) ? undefined : named(mayUse!) };
    });
}

describe("docs/ARCHITECTURE.md's rooms table, at folder level", () => {
  const imports = roomImports();
  const table = roomsTable();
  const rowOf = new Map(table.flatMap((row, i) => row.rooms.map((room) => [room, i] as const)));

  it('names every room of src/ in one row, and no room src/ does not have', () => {
    expect([...imports.keys()].filter((room) => !rowOf.has(room)).sort()).toEqual([]);
    expect([...rowOf.keys()].filter((room) => !imports.has(room))).toEqual([]);
    expect(rowOf.size).toBe(table.flatMap((row) => row.rooms).length);
  });

  it('"may use" names only rooms in rows below', () => {
    const upward = table.flatMap((row, i) => (row.mayUse ?? []).filter((room) => !((rowOf.get(room) ?? -1) > i)).map((room) => `${row.rooms[0]} → ${room}`));
    expect(upward).toEqual([]);
  });

  for (const [i, row] of table.entries()) {
    for (const room of row.rooms) {
      it(`${room} imports only ${row.mayUse ? row.mayUse.join(', ') || 'nothing' : 'the rows below it'}`, () => {
        const allowed = (to: string) => (rowOf.get(to) ?? -1) > i && (!row.mayUse || row.mayUse.includes(to));
        const outside = [...(imports.get(room) ?? new Map()).entries()].filter(([to]) => !allowed(to)).map(([, example]) => example);
        expect(outside).toEqual([]);
      });
    }
  }
});
