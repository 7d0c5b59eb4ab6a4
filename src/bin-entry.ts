// Entry of the single executable: the SQLite WASM is embedded in the binary itself. Kept tiny: it
// starts compiling the WASM before the rest of the program is evaluated (imported below).
import wasmPath from '../wasm/sqlite3.wasm' with { type: 'file' };
import { earlyStart } from './early-start.js';
import { useEmbeddedWasm } from './store/wasm-binary.js';

useEmbeddedWasm(wasmPath);
earlyStart(process.argv);
void import('./bin-main.js').then(({ run }) => run());
