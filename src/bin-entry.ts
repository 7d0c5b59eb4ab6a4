// Entry of the single executable: the SQLite WASM is embedded in the binary itself. Kept tiny (the
// build splits the rest into chunks loaded on demand): it answers `--version` alone, and starts
// compiling the WASM before the rest of the program is loaded (imported below).
import wasmPath from '../wasm/sqlite3.wasm' with { type: 'file' };
import { earlyStart, printedVersion, servedFast } from './early-start.js';
import { useEmbeddedWasm } from './store/wasm-binary.js';

if (!printedVersion(process.argv)) {
  useEmbeddedWasm(wasmPath);
  earlyStart(process.argv);
  void servedFast(process.argv).then(async (served) => served || (await import('./bin-main.js')).run());
}
