// Loops over every fact (an import, the heads it refreshes, a search file's build) keep their garbage
// bounded. JavaScriptCore counts SQLite's WebAssembly memory as live heap and lets garbage grow in
// proportion to it before it collects, so an import's peak grew with the database: at 100k facts
// 650 MB with ~160 MB live, at 500k 2.2 GB with ~470 MB live (issue 22). Such a loop calls its tick
// once per item; every CHECK_EVERY items the tick collects the young generation (what those items
// left: ~2 ms at 100k facts, work JavaScriptCore would do later anyway), and in full once the
// resident set has grown SLACK_BYTES past where the last full collection (by any loop) left it.
// Full collections alone were not enough: memory they free is not given back to the system at
// once, so each one left the floor higher and the next garbage piled up on top (100k import 375–465
// MB over four runs; a young collection every 1,000 items keeps it ~250 MB for the same CPU).

const CHECK_EVERY = 1_000;
const SLACK_BYTES = 64 * 1024 * 1024;

interface Collector {
  young: () => void;
  full: () => void;
}

/** The resident set the last full collection left (the first loop's start before any). */
let floor: number | undefined;
let collector: Collector | null | undefined;

/** A tick for one long loop. Under Node (no Bun) it does nothing: V8 sees its strings' size. */
export function garbageBound(): () => void {
  const collect = bunCollector();
  if (!collect) return () => {};
  floor ??= residentBytes();
  let items = 0;
  return () => {
    if (++items % CHECK_EVERY !== 0) return;
    collect.young();
    collectPastSlack();
  };
}

/**
 * Before a loop that may run long after another (the search file's build at the end of an import):
 * the garbage the first one left is collected now, when the resident set is already SLACK_BYTES past
 * the last floor, so the second does not grow on top of it. Nothing under Node.
 */
export function collectLeftGarbage(): void {
  if (floor !== undefined) collectPastSlack();
}

/** A full collection once the resident set is SLACK_BYTES past the last floor (Bun only). */
function collectPastSlack(): void {
  const collect = bunCollector();
  if (!collect || residentBytes() - floor! < SLACK_BYTES) return;
  collect.full();
  floor = residentBytes();
}

/** Bun's collections: `Bun.gc(true)` in full, bun:jsc's edenGC for the young generation. */
function bunCollector(): Collector | undefined {
  if (collector === undefined) {
    const bun = (globalThis as { Bun?: { gc?: (full: boolean) => void } }).Bun;
    // Hidden from the bundler: bun:jsc exists only under Bun.
    const jsc = bun?.gc && (import.meta as unknown as { require: (id: string) => { edenGC?: () => number } }).require(`bun:${'jsc'}`);
    collector = bun?.gc ? { young: () => void jsc?.edenGC?.(), full: () => bun.gc!(true) } : null;
  }
  return collector ?? undefined;
}

function residentBytes(): number {
  return process.memoryUsage.rss();
}
