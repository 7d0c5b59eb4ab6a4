// What expand.ts costs a search (bench/RESULTS.md 37): searchLive (the search file's path, what a
// search usually takes) and search (SQLite) with and without the expansion, on generated mixed
// English/Russian memories, CPU per search (process.cpuUsage, user+sys), medians of alternating rounds.
// Run: npx bun bench/labs/expand-cost.ts   (LAB_SIZES=5000,50000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFacts } from '../../src/eval/run.js';
import { search, searchLive } from '../../src/search/search.js';
import { buildSearchFile } from '../../src/snapshot/build.js';
import { openLiveIndex } from '../../src/snapshot/files.js';
import { Store } from '../../src/store/store.js';
import { generateFacts, generateQueries } from '../generate.js';

const SIZES = (process.env.LAB_SIZES ?? '5000,50000').split(',').map(Number);
const ROUNDS = 7;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (fn: () => void) => {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const work = mkdtempSync(join(tmpdir(), 'memcue-expand-cost-'));
try {
  for (const size of SIZES) {
    const store = (await Store.open(join(work, `m${size}.db`), { write: true }))!;
    const facts = generateFacts(size, 42);
    loadFacts(store, facts.map((f, i) => ({ id: String(i), text: f.text, kind: 'note', scope: 'global' })), 'lab');
    buildSearchFile(store.db, store.file.real);
    const live = openLiveIndex(store.file.real)!;
    const generated = generateQueries(facts, 64, 7);
    const queries = [...generated, 'редис докер кубер', 'postgress backup', 'k8s namespace cfg', 'clickhouse ttl events', 'деплой на стейдж через гитлаб'];
    for (const [name, run] of [
      ['search file', (q: string, expand: boolean) => searchLive(live, q, { expand })],
      ['SQLite', (q: string, expand: boolean) => search(store, q, { expand })],
    ] as const) {
      const plain: number[] = [];
      const expanded: number[] = [];
      for (const q of queries) run(q, true); // warm
      for (let r = 0; r < ROUNDS; r++) {
        plain.push(cpuMs(() => queries.forEach((q) => run(q, false))) / queries.length);
        expanded.push(cpuMs(() => queries.forEach((q) => run(q, true))) / queries.length);
      }
      const p = median(plain);
      const e = median(expanded);
      console.log(`${size} facts, ${name}: plain ${p.toFixed(3)} ms CPU per search, expanded ${e.toFixed(3)} ms (x${(e / p).toFixed(2)}), ${queries.length} queries x ${ROUNDS} rounds`);
    }
    store.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
