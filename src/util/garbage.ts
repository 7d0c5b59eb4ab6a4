// Loops over every fact (an import, the heads it refreshes, a search file's build) keep their garbage
// bounded. JavaScriptCore counts SQLite's WebAssembly memory as live heap and lets garbage grow in
// proportion to it before it collects, so an import's peak grew with the database: at 100k facts
// 650 MB with ~160 MB live, at 500k 2.2 GB with ~470 MB live (issue 22). Such a loop calls its tick
// once per item; every CHECK_EVERY items the tick looks at the resident set and collects in full
// once it has grown SLACK_BYTES past where the last collection (by any loop) left it. Garbage that
// JavaScriptCore collects by itself never costs a collection.

const CHECK_EVERY = 1_000;
const SLACK_BYTES = 64 * 1024 * 1024;

type Collect = (full: boolean) => void;

/** The resident set the last collection left (the first loop's start before any). */
let floor: number | undefined;

/** A tick for one long loop. Under Node (no Bun.gc) it does nothing: V8 sees its strings' size. */
export function garbageBound(): () => void {
  if (!bunCollect()) return () => {};
  floor ??= residentBytes();
  let items = 0;
  return () => {
    if (++items % CHECK_EVERY === 0) collectPastSlack();
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
  const collect = bunCollect();
  if (!collect || residentBytes() - floor! < SLACK_BYTES) return;
  collect(true);
  floor = residentBytes();
}

function bunCollect(): Collect | undefined {
  return (globalThis as { Bun?: { gc?: Collect } }).Bun?.gc;
}

function residentBytes(): number {
  return process.memoryUsage.rss();
}
