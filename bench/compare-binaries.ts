// Paired cost of a change: `npx bun bench/compare-binaries.ts OLD_BINARY NEW_BINARY` runs `search`
// with both binaries in turn, 60 times, on databases of 5k and 50k generated facts, and prints the
// wall medians, the median paired difference, and the MEMCUE_PROFILE totals (bench/RESULTS.md, Cost).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateFacts, generateQueries } from './generate.js';
import { median } from './measure.js';

const [before, after] = process.argv.slice(2);
if (!before || !after) throw new Error('usage: bench/compare-binaries.ts OLD_BINARY NEW_BINARY');
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const work = mkdtempSync(join(tmpdir(), 'memcue-compare-'));
try {
  for (const size of [5000, 50000]) {
    const db = join(work, `facts-${size}.db`);
    const env = { ...process.env, MEMCUE_DB: db, HOME: work, MEMCUE_PROFILE: '1' };
    const facts = generateFacts(size, 42);
    const jsonl = join(work, `facts-${size}.jsonl`);
    writeFileSync(jsonl, facts.map((f) => JSON.stringify(f)).join('\n'));
    spawnSync(after, ['import', jsonl], { env });
    const queries = generateQueries(facts, 64, 7);
    const wall: [number[], number[]] = [[], []];
    const profiled: [number[], number[]] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      [before, after].forEach((binary, k) => {
        const start = performance.now();
        const run = spawnSync(binary, ['search', ...queries[i % queries.length]!.split(' ')], { env });
        wall[k]!.push(performance.now() - start);
        const total = String(run.stderr).match(/total ([\d.]+)/);
        if (total) profiled[k]!.push(Number(total[1]));
      });
    }
    const paired = wall[1].map((t, i) => t - wall[0][i]!);
    console.log(
      `${size} facts: wall ${median(wall[0]).toFixed(1)} → ${median(wall[1]).toFixed(1)} ms, median paired difference ${median(paired).toFixed(1)} ms; ` +
        `MEMCUE_PROFILE total ${median(profiled[0]).toFixed(1)} → ${median(profiled[1]).toFixed(1)} ms`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
