// The garbage of a long loop stays bounded under Bun when SQLite's WASM memory is large. The cause it
// guards against, seen in imports of 100k and 500k facts: JavaScriptCore counts the WebAssembly
// memory as live, and lets garbage grow in proportion to it before it collects, so the peak of an
// import grew with the database (500k facts: 2.2 GB, of it ~0.5 GB live). Runs a small Bun program
// (the binary's engine), with and without the tick, on a 300 MB WebAssembly memory as after a big import.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runProcess, tempDir } from '../helpers.js';

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
});
