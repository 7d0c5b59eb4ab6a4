// No module in src/ imports itself back, directly or through others: a circle makes the load order
// depend on which module a runtime reaches first, and a reader can no longer read the layers bottom-up.
// Type-only and lazy (`import()`) imports count too: they are the same dependency, only deferred.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(fileURLToPath(new URL('../../src', import.meta.url)));

/** Every relative specifier a module names: static, re-exported, side-effect and lazy imports. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** module → the modules of src/ it imports (`./x.js` names `./x.ts` in the source). */
function importGraph(root: string): Map<string, string[]> {
  const files = new Set(sourceFiles(root));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map((m) => resolve(dirname(file), m[1]!).replace(/\.js$/, '.ts'))
      .filter((target) => files.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles a depth-first walk closes (one per back edge; none only when there is none at all). */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

describe('the modules of src/', () => {
  it('finds a circle when there is one', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('import one another without circles', () => {
    const shown = cycles(importGraph(SRC)).map((circle) => circle.map((file) => relative(SRC, file)).join(' → '));
    expect(shown).toEqual([]);
  });
});
