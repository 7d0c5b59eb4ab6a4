// SQLite's WASM module, compiled (wasm-binary.ts), instantiated with its file syscalls
// routed (file-syscalls.ts, native-locks.ts) and initialised: once per process, by the first command
// that opens a database. Emscripten's loader catches a throw from our instantiateWasm callback, prints
// it at best and never settles, and a rejection inside it is nobody's: the command then ended
// having done nothing, exit 0 (or hung Bun). Every failure on the way is turned into a rejection of
// the one promise the store awaits, so it reaches the command's error boundary as one line.
import type { SqliteModule } from '../../wasm/sqlite3.mjs';
import { MemcueError, SqliteError } from '../errors.js';
import { mark, watchWasmMemory } from '../util/profile.js';
import { routeFileSyscalls } from './file-syscalls.js';
import { nativeLocks, type NativeLocks } from '../locks/native-locks.js';

const SQLITE_OK = 0;

let modulePromise: Promise<SqliteModule> | undefined;

/** Loads the module once per process; only commands that touch the database pay for it. */
export function loadModule(): Promise<SqliteModule> {
  modulePromise ??= (async () => {
    // The glue loads while the engine compiles.
    const [{ compileWasm }] = await Promise.all([import('./wasm-binary.js'), import('../../wasm/sqlite3.mjs')]);
    // Usually compiling since the process started (src/start.ts).
    const wasmModule = await compileWasm().catch((err: unknown) => Promise.reject(engineError(err)));
    mark('wasm compiled');
    return instantiateSqlite(wasmModule, nativeLocks);
  })();
  return modulePromise;
}

/**
 * `wasmModule` instantiated and initialised; `locks` gives the native locks its syscalls go to (it
 * may throw: an unknown MEMCUE_NATIVE_LOCKS is refused there). Rejects with a MemcueError, never hangs.
 */
export async function instantiateSqlite(wasmModule: WebAssembly.Module, locks: () => NativeLocks | undefined): Promise<SqliteModule> {
  const { default: loadSqlite } = await import('../../wasm/sqlite3.mjs');
  let failed!: (err: unknown) => void;
  const failure = new Promise<never>((_, reject) => (failed = (err) => reject(engineError(err))));
  const loaded = loadSqlite({
    instantiateWasm: (imports, receive) => {
      try {
        let memory: WebAssembly.Memory | undefined;
        routeFileSyscalls(imports, () => memory!, locks());
        WebAssembly.instantiate(wasmModule, imports)
          .then((instance) => {
            memory = Object.values(instance.exports).find((e): e is WebAssembly.Memory => e instanceof WebAssembly.Memory);
            receive(instance, wasmModule);
          })
          .catch(failed);
      } catch (err) {
        failed(err);
      }
      return {};
    },
  });
  const m = await Promise.race([loaded, failure]);
  mark('wasm instantiated');
  watchWasmMemory(() => m.HEAPU8.length);
  // Built with SQLITE_OMIT_AUTOINIT: initialise once here instead of on every API call.
  const rc = m._sqlite3_initialize();
  if (rc !== SQLITE_OK) throw engineError(new SqliteError(rc, `sqlite3_initialize returned ${rc}`));
  return m;
}

/**
 * A failure to set the engine up, as the user's one line: our own refusals (MemcueError) as they are,
 * anything else as a broken install; the cause's stack is kept for MEMCUE_DEBUG=1.
 */
function engineError(err: unknown): MemcueError {
  if (err instanceof MemcueError) return err;
  const reason = err instanceof Error ? err.message : String(err);
  const error = new MemcueError(
    'ENGINE',
    `SQLite's engine (sqlite3.wasm) could not be set up: ${reason.split('\n')[0]}`,
    'reinstall memcue: its program and sqlite3.wasm must come from the same release; the database was not touched',
  );
  if (err instanceof Error && err.stack) error.stack = `${error.stack}\ncaused by: ${err.stack}`;
  return error;
}
