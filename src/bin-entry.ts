// Entry of the single executable: the SQLite WASM is embedded in the binary itself.
import wasmPath from '../wasm/sqlite3.wasm' with { type: 'file' };
import { main } from './main.js';
import { useEmbeddedWasm } from './store/wasm-binary.js';

useEmbeddedWasm(wasmPath);
void main();
