// The garbage of a long loop stays bounded under Bun when SQLite's WASM memory is large. The cause it
// guards against, seen in imports of 100k and 500k facts: JavaScriptCore counts the WebAssembly
// memory as live, and lets garbage grow in proportion to it before it collects, so the peak of an
// import grew with the database (500k facts: 2.2 GB, of it ~0.5 GB live). Runs a small Bun program
// (the binary's engine), with and without the tick, on a 300 MB WebAssembly memory as after a big import.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFacts } from '../../bench/generate.js';
import { BINARY, isolatedEnv, ROOT, runProcess, tempDir } from '../helpers.js';

const BUN = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'bun.exe' : 'bun');
const MB = 1024 * 1024;

/** The peak growth of the resident set (MB) while a loop makes 1.5M short-lived objects and strings. */
function peakGrowth(bounded: boolean): number {
  const script = join(tempDir(), 'loop.ts');
  writeFileSync(
    script,
    `import { garbageBound } from ${JSON.stringify(join(ROOT, 'src', 'util', 'garbage.ts'))};
const memory = new WebAssembly.Memory({ initial: 1, maximum: 65536 });
for (let grown = 0; grown < 300 * 16; grown += 16) memory.grow(16); // 1 MB at a time, as SQLite's heap grows
const tick = ${bounded ? 'garbageBound()' : '() => {}'};
const start = process.memoryUsage.rss();
let peak = start;
let kept = 0;
for (let i = 0; i < 1_500_000; i++) {
  const row = JSON.parse(JSON.stringify({ text: 'deploy the cache to staging before the release '.repeat(3) + i, kind: 'rule' }));
  kept += row.text.length;
  tick();
  if (i % 1_000 === 0) peak = Math.max(peak, process.memoryUsage.rss());
}
console.log(JSON.stringify({ growth: (Math.max(peak, process.memoryUsage.rss()) - start) / ${MB}, kept }));
`,
  );
  const r = runProcess(BUN, [script]);
  expect(r.code, r.stderr).toBe(0);
  return (JSON.parse(r.stdout) as { growth: number }).growth;
}

describe('garbageBound', () => {
  it('keeps a long loop within its slack beside a large WebAssembly memory, where JavaScriptCore alone lets hundreds of MB pile up', () => {
    const alone = peakGrowth(false);
    const bounded = peakGrowth(true);
    expect(alone).toBeGreaterThan(300); // the problem: ~500 MB here
    expect(bounded).toBeLessThan(150); // 64 MB of slack, plus what one collection leaves
  }, 60_000);

  // The import's own loops (rows, heads, the search file's build) through the compiled binary. Full
  // collections alone left each floor higher than the last (memory they free is not given back at
  // once): 245 MB at 20k facts, 375–465 MB at 100k. Young collections keep it ~160 MB and ~250 MB.
  it.skipIf(!existsSync(BINARY) || process.platform !== 'linux')('keeps the peak of an import of 20k facts under 200 MB', () => {
    const dir = tempDir();
    const file = join(dir, 'facts.jsonl');
    writeFileSync(file, generateFacts(20_000, 42).map((f) => JSON.stringify(f)).join('\n'));
    const r = runProcess(BINARY, ['import', file], { env: { ...isolatedEnv(dir), MEMCUE_PROFILE: 'memory' } });
    expect(r.code, r.stderr).toBe(0);
    // The profile's last mark carries the resident set's high-water mark (VmHWM).
    const peak = Number(/done \[rss \d+ peak (\d+)/.exec(r.stderr)?.[1]);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThan(200);
  }, 120_000);
});
