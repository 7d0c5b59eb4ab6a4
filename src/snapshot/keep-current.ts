// The store's writes keep the search file's delta (delta.ts) once this is called: by the CLI
// (cli.ts) and the add fast path, the in-process tests and the benchmarks that write through the
// store. Kept apart from delta.ts so that calling it loads nothing until a store opens; not called
// at start, so the hook's fast path (a cached card, no fact written) does not pay for it.
import { watchWrites } from '../store/write-watch.js';

export function keepSearchFileCurrent(): void {
  watchWrites(async () => (await import('./delta.js')).deltaWriter);
}
