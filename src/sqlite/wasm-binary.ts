// Where the SQLite WASM bytes come from: embedded in the compiled binary (bin-entry sets it), next to
// the bundle in dist/, or in wasm/ when running from source. Compiling starts as early as the entry
// can (src/start.ts): the engine compiles off the main thread while the CLI's code loads.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let embeddedPath: string | undefined;
let compiled: Promise<WebAssembly.Module> | undefined;

/** Called by the single-executable entry with the path Bun gives the embedded file. */
export function useEmbeddedWasm(path: string): void {
  embeddedPath = path;
}

export function readWasmBinary(): Uint8Array<ArrayBuffer> {
  const candidates = embeddedPath
    ? [embeddedPath]
    : [new URL('./sqlite3.wasm', import.meta.url), new URL('../../wasm/sqlite3.wasm', import.meta.url)].map((u) =>
        fileURLToPath(u),
      );
  for (const path of candidates) {
    if (embeddedPath || existsSync(path)) return readFileSync(path);
  }
  throw new Error(`sqlite3.wasm not found (looked in ${candidates.join(', ')}); reinstall memcue`);
}

/** The compiled module, compiled once per process: the first caller starts it, later ones share it. */
export function compileWasm(): Promise<WebAssembly.Module> {
  compiled ??= (async () => WebAssembly.compile(readWasmBinary()))();
  return compiled;
}
