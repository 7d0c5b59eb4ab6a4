// The store's writes keep the search file's delta (delta.ts) once this is called: the program's
// start (start.ts), the in-process tests and the benchmarks that write through the store. Kept apart
// from delta.ts so that calling it loads nothing until a store opens.
import { watchWrites } from '../store/write-watch.js';

export function keepSearchFileCurrent(): void {
  watchWrites(async () => (await import('./delta.js')).deltaWriter);
}
